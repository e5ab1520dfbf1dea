import type { ExpiryLiability, ExpiryPolicy, MemberExpiring } from '@app/contract/points-expiry';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settingRepository } from '../../lib/settings';

export interface ExpiryValues extends Record<string, unknown> {
  rule: string;
  months: number | null;
}

/**
 * The expiry policy as an effective-dated, maker-checker setting (lib/settings). An approval never
 * reaches back in time: a policy approved after its date takes effect from the approval, so points
 * already earned keep the expiry they were given.
 */
export const policySetting = settingRepository<ExpiryPolicy, ExpiryValues>({
  table: 'points_expiry_policies',
  columns: [
    { key: 'rule', column: 'rule' },
    { key: 'months', column: 'months' },
  ],
  timestamps: 'iso',
});

/** Open points by month of expiry (IST), the points that never expire and what has expired so far. */
export async function liability(db: Executor): Promise<ExpiryLiability> {
  const { rows } =
    await db.execute(sql`select to_char(expires_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
      sum(remaining)::int as points, count(distinct member_id)::int as members
    from points_lots where remaining > 0 and expires_at is not null group by 1 order by 1`);
  const { rows: totals } = await db.execute(sql`select
      (select coalesce(sum(remaining), 0)::int from points_lots where remaining > 0 and expires_at is null) as "neverExpiring",
      (select coalesce(-sum(amount), 0)::int from points_ledger where kind = 'expiry') as "expiredToDate"`);
  return { rows: rows as ExpiryLiability['rows'], ...(totals[0] as Omit<ExpiryLiability, 'rows'>) };
}

/** A member's points due to expire: within 30 days, and the next three expiry days (IST). */
export async function memberExpiring(db: Executor, memberId: number): Promise<MemberExpiring> {
  const { rows } =
    await db.execute(sql`select (expires_at at time zone 'Asia/Kolkata')::date::text as "expiresOn",
      sum(remaining)::int as points
    from points_lots where member_id = ${memberId} and remaining > 0 and expires_at is not null
    group by 1 order by 1 limit 3`);
  const { rows: soon } =
    await db.execute(sql`select coalesce(sum(remaining), 0)::int as points from points_lots
    where member_id = ${memberId} and remaining > 0 and expires_at <= now() + interval '30 days'`);
  return { within30Days: (soon[0] as { points: number }).points, next: rows as MemberExpiring['next'] };
}

/**
 * Reminders due: per member and expiry day (IST), the points of open lots expiring within `days` days
 * (and, for the 30-day reminder, not within 7: those get the 7-day one).
 */
export async function remindersDue(db: Executor, days: number, notWithin: number | null) {
  const { rows } = await db.execute(sql`select l.member_id as "memberId",
      (l.expires_at at time zone 'Asia/Kolkata')::date::text as "expiresOn", sum(l.remaining)::int as points
    from points_lots l where l.remaining > 0 and l.expires_at > now()
      and l.expires_at <= now() + make_interval(days => ${days})
      and (${notWithin}::int is null or l.expires_at > now() + make_interval(days => ${notWithin}::int))
    group by 1, 2 order by 1, 2`);
  return rows as { memberId: number; expiresOn: string; points: number }[];
}
