import type { PointsLimitsRow } from '@app/contract/points-limits';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The approved set in force now (the latest effective by now), by id; null when none. */
const IN_FORCE = sql`(select l.id from points_limits l where l.status = 'approved'
  and l.effective_from <= now() order by l.effective_from desc, l.id desc limit 1)`;

const COLUMNS = sql`l.id::int as id, l.scan_points_per_day as "scanPointsPerDay",
  l.scan_points_per_month as "scanPointsPerMonth", l.redeem_min_balance as "redeemMinBalance",
  l.redeem_points_per_month as "redeemPointsPerMonth", l.effective_from::text as "effectiveFrom", l.status,
  l.note, l.requested_by as "requestedBy", r.name as "requestedByName", l.requested_at::text as "requestedAt",
  l.decided_by as "decidedBy", d.name as "decidedByName", l.decided_at::text as "decidedAt",
  l.decision_reason as "decisionReason", l.id = coalesce(${IN_FORCE}, 0) as "inForce"`;

const FROM = sql`from points_limits l left join staff r on r.id = l.requested_by
  left join staff d on d.id = l.decided_by`;

export async function listLimits(db: Executor): Promise<PointsLimitsRow[]> {
  const { rows } = await db.execute(
    sql`select ${COLUMNS} ${FROM} order by l.effective_from desc, l.id desc limit 200`,
  );
  return rows as unknown as PointsLimitsRow[];
}

export async function findLimits(db: Executor, id: number): Promise<PointsLimitsRow | undefined> {
  const { rows } = await db.execute(sql`select ${COLUMNS} ${FROM} where l.id = ${id}`);
  return rows[0] as unknown as PointsLimitsRow | undefined;
}

export interface LockedLimits {
  id: number;
  status: string;
  requestedBy: number;
}

export async function lockLimits(db: Executor, id: number): Promise<LockedLimits | undefined> {
  const { rows } = await db.execute(sql`select id::int as id, status, requested_by as "requestedBy"
    from points_limits where id = ${id} for update`);
  return rows[0] as unknown as LockedLimits | undefined;
}

export interface LimitValues {
  scanPointsPerDay: number | null;
  scanPointsPerMonth: number | null;
  redeemMinBalance: number | null;
  redeemPointsPerMonth: number | null;
}

/** A requested set, from the start of its day in India. */
export async function insertLimits(
  db: Executor,
  values: LimitValues & { effectiveFrom: string; note: string | null; requestedBy: number },
): Promise<number> {
  const { rows } = await db.execute(sql`insert into points_limits (scan_points_per_day, scan_points_per_month,
      redeem_min_balance, redeem_points_per_month, effective_from, note, requested_by)
    values (${values.scanPointsPerDay}, ${values.scanPointsPerMonth}, ${values.redeemMinBalance},
      ${values.redeemPointsPerMonth}, (${values.effectiveFrom}::date)::timestamp at time zone 'Asia/Kolkata',
      ${values.note}, ${values.requestedBy}) returning id::int as id`);
  return (rows[0] as { id: number }).id;
}

/** Records the decision; an approval never reaches back in time (effective from the approval at the earliest). */
export async function decideLimits(
  db: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; by: number; reason: string | null },
) {
  await db.execute(sql`update points_limits set status = ${decision.status}, decided_by = ${decision.by},
    decided_at = now(), decision_reason = ${decision.reason},
    effective_from = case when ${decision.status} = 'approved' then greatest(effective_from, now()) else effective_from end
    where id = ${id}`);
}

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
