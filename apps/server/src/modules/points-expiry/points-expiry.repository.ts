import type { ExpiryLiability, ExpiryPolicy, MemberExpiring } from '@app/contract/points-expiry';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isoText } from '../../lib/lists/sql';

/** The approved policy in force now (the latest effective by now), by id; null when none. */
const IN_FORCE = sql`(select p.id from points_expiry_policies p where p.status = 'approved'
  and p.effective_from <= now() order by p.effective_from desc, p.id desc limit 1)`;

const POLICY_COLUMNS = sql`p.id::int as id, p.rule, p.months, ${isoText(sql`p.effective_from`)} as "effectiveFrom", p.status,
  p.note, p.requested_by as "requestedBy", r.name as "requestedByName", ${isoText(sql`p.requested_at`)} as "requestedAt",
  p.decided_by as "decidedBy", d.name as "decidedByName", ${isoText(sql`p.decided_at`)} as "decidedAt",
  p.decision_reason as "decisionReason", p.id = coalesce(${IN_FORCE}, 0) as "inForce"`;

const FROM_POLICIES = sql`from points_expiry_policies p left join staff r on r.id = p.requested_by
  left join staff d on d.id = p.decided_by`;

export async function listPolicies(db: Executor): Promise<ExpiryPolicy[]> {
  const { rows } = await db.execute(
    sql`select ${POLICY_COLUMNS} ${FROM_POLICIES} order by p.effective_from desc, p.id desc limit 200`,
  );
  return rows as unknown as ExpiryPolicy[];
}

export async function findPolicy(db: Executor, id: number): Promise<ExpiryPolicy | undefined> {
  const { rows } = await db.execute(sql`select ${POLICY_COLUMNS} ${FROM_POLICIES} where p.id = ${id}`);
  return rows[0] as unknown as ExpiryPolicy | undefined;
}

export interface LockedPolicy {
  id: number;
  status: string;
  requestedBy: number;
  effectiveFrom: string;
}

export async function lockPolicy(db: Executor, id: number): Promise<LockedPolicy | undefined> {
  const { rows } = await db.execute(sql`select id::int as id, status, requested_by as "requestedBy",
    effective_from::text as "effectiveFrom" from points_expiry_policies where id = ${id} for update`);
  return rows[0] as unknown as LockedPolicy | undefined;
}

/** A requested policy, from the start of its day in India. */
export async function insertPolicy(
  db: Executor,
  values: {
    rule: string;
    months: number | null;
    effectiveFrom: string;
    note: string | null;
    requestedBy: number;
  },
): Promise<number> {
  const { rows } =
    await db.execute(sql`insert into points_expiry_policies (rule, months, effective_from, note, requested_by)
    values (${values.rule}, ${values.months}, (${values.effectiveFrom}::date)::timestamp at time zone 'Asia/Kolkata',
      ${values.note}, ${values.requestedBy}) returning id::int as id`);
  return (rows[0] as { id: number }).id;
}

/**
 * Records the decision. An approval never reaches back in time: a policy approved after its date
 * takes effect from the approval, so points already earned keep the expiry they were given.
 */
export async function decidePolicy(
  db: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; by: number; reason: string | null },
) {
  await db.execute(sql`update points_expiry_policies set status = ${decision.status}, decided_by = ${decision.by},
    decided_at = now(), decision_reason = ${decision.reason},
    effective_from = case when ${decision.status} = 'approved' then greatest(effective_from, now()) else effective_from end
    where id = ${id}`);
}

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
