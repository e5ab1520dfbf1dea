import type { FraudAction, FraudRulesRow, KycDuplicate } from '@app/contract/fraud-rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The approved set in force now (the latest effective by now), by id; null when none. */
const IN_FORCE = sql`(select f.id from fraud_rules f where f.status = 'approved'
  and f.effective_from <= now() order by f.effective_from desc, f.id desc limit 1)`;

const COLUMNS = sql`f.id::int as id, f.scans_per_hour as "scansPerHour",
  f.scans_per_hour_action as "scansPerHourAction", f.same_pan_action as "samePanAction",
  f.same_bank_action as "sameBankAction", f.same_upi_action as "sameUpiAction", f.outside_state_action as "outsideStateAction",
  f.invalid_code_attempts as "invalidCodeAttempts", f.invalid_code_window_minutes as "invalidCodeWindowMinutes",
  f.invalid_code_lock_minutes as "invalidCodeLockMinutes", f.device_cluster_members as "deviceClusterMembers",
  f.location_cluster_members as "locationClusterMembers", f.cluster_radius_metres as "clusterRadiusMetres",
  f.cluster_window_hours as "clusterWindowHours", f.cluster_action as "clusterAction", f.effective_from::text as "effectiveFrom", f.status,
  f.note, f.requested_by as "requestedBy", r.name as "requestedByName", f.requested_at::text as "requestedAt",
  f.decided_by as "decidedBy", d.name as "decidedByName", f.decided_at::text as "decidedAt",
  f.decision_reason as "decisionReason", f.id = coalesce(${IN_FORCE}, 0) as "inForce"`;

const FROM = sql`from fraud_rules f left join staff r on r.id = f.requested_by
  left join staff d on d.id = f.decided_by`;

export async function listRules(db: Executor): Promise<FraudRulesRow[]> {
  const { rows } = await db.execute(
    sql`select ${COLUMNS} ${FROM} order by f.effective_from desc, f.id desc limit 200`,
  );
  return rows as unknown as FraudRulesRow[];
}

export async function findRules(db: Executor, id: number): Promise<FraudRulesRow | undefined> {
  const { rows } = await db.execute(sql`select ${COLUMNS} ${FROM} where f.id = ${id}`);
  return rows[0] as unknown as FraudRulesRow | undefined;
}

export interface LockedRules {
  id: number;
  status: string;
  requestedBy: number;
}

export async function lockRules(db: Executor, id: number): Promise<LockedRules | undefined> {
  const { rows } = await db.execute(sql`select id::int as id, status, requested_by as "requestedBy"
    from fraud_rules where id = ${id} for update`);
  return rows[0] as unknown as LockedRules | undefined;
}

export interface RuleValues {
  scansPerHour: number | null;
  scansPerHourAction: string | null;
  samePanAction: FraudAction | null;
  sameBankAction: FraudAction | null;
  sameUpiAction: FraudAction | null;
  outsideStateAction: string | null;
  invalidCodeAttempts: number | null;
  invalidCodeWindowMinutes: number | null;
  invalidCodeLockMinutes: number | null;
  deviceClusterMembers: number | null;
  locationClusterMembers: number | null;
  clusterRadiusMetres: number | null;
  clusterWindowHours: number | null;
  clusterAction: string | null;
}

/** A requested set, from the start of its day in India. */
export async function insertRules(
  db: Executor,
  values: RuleValues & { effectiveFrom: string; note: string | null; requestedBy: number },
): Promise<number> {
  const { rows } = await db.execute(sql`insert into fraud_rules (scans_per_hour, scans_per_hour_action,
      same_pan_action, same_bank_action, same_upi_action, outside_state_action, invalid_code_attempts,
      invalid_code_window_minutes, invalid_code_lock_minutes, device_cluster_members, location_cluster_members,
      cluster_radius_metres, cluster_window_hours, cluster_action, effective_from, note, requested_by)
    values (${values.scansPerHour}, ${values.scansPerHourAction}, ${values.samePanAction},
      ${values.sameBankAction}, ${values.sameUpiAction}, ${values.outsideStateAction}, ${values.invalidCodeAttempts},
      ${values.invalidCodeWindowMinutes}, ${values.invalidCodeLockMinutes}, ${values.deviceClusterMembers},
      ${values.locationClusterMembers}, ${values.clusterRadiusMetres}, ${values.clusterWindowHours}, ${values.clusterAction}, (${values.effectiveFrom}::date)::timestamp at time zone 'Asia/Kolkata',
      ${values.note}, ${values.requestedBy}) returning id::int as id`);
  return (rows[0] as { id: number }).id;
}

/** Records the decision; an approval never reaches back in time (effective from the approval at the earliest). */
export async function decideRules(
  db: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; by: number; reason: string | null },
) {
  await db.execute(sql`update fraud_rules set status = ${decision.status}, decided_by = ${decision.by},
    decided_at = now(), decision_reason = ${decision.reason},
    effective_from = case when ${decision.status} = 'approved' then greatest(effective_from, now()) else effective_from end
    where id = ${id}`);
}

/** The rules in force now (the same function the scan reads; all null when none is in force). */
export async function rulesInForce(db: Executor): Promise<RuleValues> {
  const { rows } = await db.execute(sql`select f.scans_per_hour as "scansPerHour",
    f.scans_per_hour_action as "scansPerHourAction", f.same_pan_action as "samePanAction",
    f.same_bank_action as "sameBankAction", f.same_upi_action as "sameUpiAction", f.outside_state_action as "outsideStateAction",
    f.invalid_code_attempts as "invalidCodeAttempts", f.invalid_code_window_minutes as "invalidCodeWindowMinutes",
    f.invalid_code_lock_minutes as "invalidCodeLockMinutes", f.device_cluster_members as "deviceClusterMembers",
    f.location_cluster_members as "locationClusterMembers", f.cluster_radius_metres as "clusterRadiusMetres",
    f.cluster_window_hours as "clusterWindowHours", f.cluster_action as "clusterAction"
    from (select 1) one left join fraud_rules_in_force() f on true`);
  return rows[0] as unknown as RuleValues;
}

/**
 * Other members whose KYC is approved (their latest submission, approved) with the same PAN or bank
 * account as submission `kycId`, for the fields whose rule is on. Ordered by field, then member.
 */
export async function kycDuplicates(
  db: Executor,
  kycId: number,
  actions: { pan: FraudAction | null; account: FraudAction | null; upi: FraudAction | null },
): Promise<KycDuplicate[]> {
  if (!actions.pan && !actions.account && !actions.upi) return [];
  const { rows } = await db.execute(sql`with me as (
      select member_id, pan_hash, account_hash, upi_hash from kyc_submissions where id = ${kycId}
    ), matched as (
      select 'pan' as field, o.member_id from kyc_submissions o, me
        where ${actions.pan}::text is not null and me.pan_hash is not null and o.pan_hash = me.pan_hash
          and o.member_id <> me.member_id and o.status = 'approved'
      union
      select 'account', o.member_id from kyc_submissions o, me
        where ${actions.account}::text is not null and me.account_hash is not null
          and o.account_hash = me.account_hash and o.member_id <> me.member_id and o.status = 'approved'
      union
      select 'upi', o.member_id from kyc_submissions o, me
        where ${actions.upi}::text is not null and me.upi_hash is not null
          and o.upi_hash = me.upi_hash and o.member_id <> me.member_id and o.status = 'approved'
    )
    select x.field, m.id::int as "memberId", m.code as "memberCode", m.name as "memberName",
        case x.field when 'pan' then ${actions.pan}::text when 'upi' then ${actions.upi}::text
          else ${actions.account}::text end as action
      from matched x join members m on m.id = x.member_id
      where m.kyc_status = 'approved'
      order by case x.field when 'pan' then 0 when 'account' then 1 else 2 end, m.id`);
  return rows as unknown as KycDuplicate[];
}
