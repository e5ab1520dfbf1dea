import type {
  MemberTier,
  MemberTierDetail,
  TierLevel,
  TierOverrideRow,
  TierPolicyRow,
} from '@app/contract/tiers';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isoText } from '../../lib/lists/sql';
import { settingRepository } from '../../lib/settings';

export interface TierPolicyValues extends Record<string, unknown> {
  periodMonths: number;
  tiers: TierLevel[];
}

/** The tier policy as an effective-dated, maker-checker setting (lib/settings). */
export const policySetting = settingRepository<TierPolicyRow, TierPolicyValues>({
  table: 'tier_policies',
  columns: [
    { key: 'periodMonths', column: 'period_months' },
    { key: 'tiers', column: 'tiers', cast: 'jsonb' },
  ],
  timestamps: 'iso',
});

export interface PolicyInForce {
  id: number;
  periodMonths: number;
  tiers: TierLevel[];
}

/** The tier policy in force now (the function the scan reads); null when none. */
export async function policyInForce(db: Executor): Promise<PolicyInForce | null> {
  const { rows } = await db.execute(sql`select id::int as id, period_months as "periodMonths", tiers
    from tier_policy_in_force()`);
  const row = rows[0] as unknown as PolicyInForce | undefined;
  return row?.id ? row : null;
}

/** Points a member earned by scans (coupon_scans.points of successes) in the last `months` months. */
export async function earnedInPeriod(db: Executor, memberId: number, months: number): Promise<number> {
  const { rows } = await db.execute(sql`select coalesce(sum(points), 0)::int as points from coupon_scans
    where member_id = ${memberId} and result = 'success'
      and created_at > now() - make_interval(months => ${months}::int)`);
  return (rows[0] as { points: number }).points;
}

export async function memberTierState(db: Executor, memberId: number) {
  const { rows } = await db.execute(sql`select tier, tier_pinned as pinned, tier_earned as earned
    from members where id = ${memberId}`);
  return rows[0] as { tier: string | null; pinned: boolean; earned: number } | undefined;
}

// ─── Overrides ───────────────────────────────────────────────────────────────────────────────────

const OVERRIDE_COLUMNS = sql`o.id::int as id, o.member_id as "memberId", m.code as "memberCode",
  m.name as "memberName", m.tier as "currentTier", o.tier, o.reason, o.status,
  o.requested_by as "requestedBy", r.name as "requestedByName", ${isoText(sql`o.requested_at`)} as "requestedAt",
  o.decided_by as "decidedBy", d.name as "decidedByName", ${isoText(sql`o.decided_at`)} as "decidedAt",
  o.decision_reason as "decisionReason"`;
const OVERRIDE_FROM = sql`from tier_overrides o join members m on m.id = o.member_id
  left join staff r on r.id = o.requested_by left join staff d on d.id = o.decided_by`;

/** Pending overrides first (oldest first), then the latest decided; at most 200. */
export async function listOverrides(db: Executor, memberId?: number): Promise<TierOverrideRow[]> {
  const { rows } = await db.execute(sql`select ${OVERRIDE_COLUMNS} ${OVERRIDE_FROM}
    ${memberId === undefined ? sql`` : sql`where o.member_id = ${memberId}`}
    order by (o.status = 'pending') desc, case when o.status = 'pending' then o.id else -o.id end limit 200`);
  return rows as unknown as TierOverrideRow[];
}

export async function findOverride(db: Executor, id: number): Promise<TierOverrideRow | undefined> {
  const { rows } = await db.execute(sql`select ${OVERRIDE_COLUMNS} ${OVERRIDE_FROM} where o.id = ${id}`);
  return rows[0] as unknown as TierOverrideRow | undefined;
}

export interface LockedOverride {
  id: number;
  memberId: number;
  tier: string | null;
  status: string;
  requestedBy: number;
}

export async function lockOverride(db: Executor, id: number): Promise<LockedOverride | undefined> {
  const { rows } = await db.execute(sql`select id::int as id, member_id as "memberId", tier, status,
    requested_by as "requestedBy" from tier_overrides where id = ${id} for update`);
  return rows[0] as unknown as LockedOverride | undefined;
}

export async function memberExists(db: Executor, memberId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from members where id = ${memberId}`);
  return rows.length > 0;
}

export async function insertOverride(
  db: Executor,
  values: { memberId: number; tier: string | null; reason: string; requestedBy: number },
): Promise<number> {
  const { rows } = await db.execute(sql`insert into tier_overrides (member_id, tier, reason, requested_by)
    values (${values.memberId}, ${values.tier}, ${values.reason}, ${values.requestedBy}) returning id::int as id`);
  return (rows[0] as { id: number }).id;
}

export async function decideOverride(
  db: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; by: number; reason: string | null },
) {
  await db.execute(sql`update tier_overrides set status = ${decision.status}, decided_by = ${decision.by},
    decided_at = now(), decision_reason = ${decision.reason} where id = ${id}`);
}

/**
 * Applies an approved override: the member's tier pinned (or, `tier` null, unpinned and set to what
 * the points earned in the period reach), and a history row. The member row is locked first (the
 * order a scan locks in after its coupon), in the decision's transaction.
 */
export async function applyOverride(
  db: Executor,
  o: { id: number; memberId: number; tier: string | null; by: number },
  policy: PolicyInForce,
) {
  await db.execute(sql`select 1 from members where id = ${o.memberId} for update`);
  const earned = await earnedInPeriod(db, o.memberId, policy.periodMonths);
  const tier =
    o.tier ?? [...policy.tiers].reverse().find((t) => t.minPoints <= earned)?.name ?? policy.tiers[0]!.name;
  await db.execute(sql`update members set tier = ${tier}, tier_pinned = ${o.tier !== null},
    tier_earned = ${earned} where id = ${o.memberId}`);
  await db.execute(sql`insert into member_tiers (member_id, tier, reason, earned, policy_id, override_id, by)
    values (${o.memberId}, ${tier}, 'override', ${earned}, ${policy.id}, ${o.id}, ${o.by})`);
}

/** A member's tier history, newest first (at most 100). */
export async function tierHistory(db: Executor, memberId: number): Promise<MemberTierDetail['history']> {
  const { rows } =
    await db.execute(sql`select h.id::int as id, h.tier, ${isoText(sql`h.from_at`)} as "fromAt",
      h.reason, h.earned, s.name as "byName", o.reason as "overrideReason"
    from member_tiers h left join staff s on s.id = h.by left join tier_overrides o on o.id = h.override_id
    where h.member_id = ${memberId} order by h.id desc limit 100`);
  return rows as unknown as MemberTierDetail['history'];
}

/** The member app's tier: benefits of the tier and the progress to the next (null: no policy). */
export async function memberTierOf(db: Executor, memberId: number): Promise<MemberTier | null> {
  const policy = await policyInForce(db);
  if (!policy) return null;
  const state = await memberTierState(db, memberId);
  if (!state) return null;
  const earned = await earnedInPeriod(db, memberId, policy.periodMonths);
  const current = policy.tiers.find((t) => t.name === state.tier) ?? policy.tiers[0]!;
  const next = policy.tiers.find((t) => t.minPoints > current.minPoints) ?? null;
  return {
    name: current.name,
    nameHi: current.nameHi,
    multiplier: current.multiplier,
    redeemMinBalance: current.redeemMinBalance ?? null,
    earned,
    periodMonths: policy.periodMonths,
    next: next
      ? {
          name: next.name,
          nameHi: next.nameHi,
          minPoints: next.minPoints,
          needed: Math.max(0, next.minPoints - earned),
        }
      : null,
  };
}

/** The redemption minimum of the member's tier in the policy in force; null when none. */
export async function tierRedeemMinBalance(db: Executor, memberId: number): Promise<number | null> {
  const { rows } = await db.execute(sql`select (t->>'redeemMinBalance')::int as min
    from tier_policy_in_force() p, members m, jsonb_array_elements(p.tiers) t
    where m.id = ${memberId} and p.id is not null
      and t->>'name' = coalesce(m.tier, p.tiers->0->>'name') limit 1`);
  return (rows[0] as { min: number | null } | undefined)?.min ?? null;
}
