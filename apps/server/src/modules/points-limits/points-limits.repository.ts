import type { PointsLimitsRow } from '@app/contract/points-limits';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settingRepository } from '../../lib/settings';

export interface LimitValues extends Record<string, unknown> {
  scanPointsPerDay: number | null;
  scanPointsPerMonth: number | null;
  redeemMinBalance: number | null;
  redeemPointsPerMonth: number | null;
}

/** The caps and limits as an effective-dated, maker-checker setting (lib/settings). */
export const limitsSetting = settingRepository<PointsLimitsRow, LimitValues>({
  table: 'points_limits',
  columns: [
    { key: 'scanPointsPerDay', column: 'scan_points_per_day' },
    { key: 'scanPointsPerMonth', column: 'scan_points_per_month' },
    { key: 'redeemMinBalance', column: 'redeem_min_balance' },
    { key: 'redeemPointsPerMonth', column: 'redeem_points_per_month' },
  ],
  timestamps: 'text',
});

/** The limits in force now (the same function the scan reads). */
export async function limitsInForce(db: Executor): Promise<LimitValues> {
  const { rows } = await db.execute(sql`select scan_points_per_day as "scanPointsPerDay",
    scan_points_per_month as "scanPointsPerMonth", redeem_min_balance as "redeemMinBalance",
    redeem_points_per_month as "redeemPointsPerMonth" from points_limits_in_force()`);
  return rows[0] as unknown as LimitValues;
}

/**
 * Points a member has asked to redeem this calendar month (IST), counting every request that still
 * holds its points or was paid out: not those rejected, cancelled, failed or returned (refunded).
 */
export async function redeemedThisMonth(db: Executor, memberId: number): Promise<number> {
  const { rows } = await db.execute(sql`select coalesce(sum(points), 0)::int as points from redemptions
    where member_id = ${memberId}
      and created_at >= date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'
      and status not in ('rejected', 'cancelled', 'failed', 'returned')`);
  return (rows[0] as { points: number }).points;
}
