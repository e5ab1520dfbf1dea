import type { FraudAction, FraudRulesRow, KycDuplicate } from '@app/contract/fraud-rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SettingColumn, settingRepository } from '../../lib/settings';

export interface RuleValues extends Record<string, unknown> {
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

/**
 * The rules' columns of `fraud_rules`, one line a rule field: the setting's queries, its audit record and
 * `rulesInForce` all read this list, so a new rule is a line here (and its field in the contract).
 */
export const RULE_COLUMNS = [
  { key: 'scansPerHour', column: 'scans_per_hour' },
  { key: 'scansPerHourAction', column: 'scans_per_hour_action' },
  { key: 'samePanAction', column: 'same_pan_action' },
  { key: 'sameBankAction', column: 'same_bank_action' },
  { key: 'sameUpiAction', column: 'same_upi_action' },
  { key: 'outsideStateAction', column: 'outside_state_action' },
  { key: 'invalidCodeAttempts', column: 'invalid_code_attempts' },
  { key: 'invalidCodeWindowMinutes', column: 'invalid_code_window_minutes' },
  { key: 'invalidCodeLockMinutes', column: 'invalid_code_lock_minutes' },
  { key: 'deviceClusterMembers', column: 'device_cluster_members' },
  { key: 'locationClusterMembers', column: 'location_cluster_members' },
  { key: 'clusterRadiusMetres', column: 'cluster_radius_metres' },
  { key: 'clusterWindowHours', column: 'cluster_window_hours' },
  { key: 'clusterAction', column: 'cluster_action' },
] as const satisfies readonly (SettingColumn & { key: keyof RuleValues })[];

/** The fraud rules as an effective-dated, maker-checker setting (lib/settings). */
export const rulesSetting = settingRepository<FraudRulesRow, RuleValues>({
  table: 'fraud_rules',
  columns: RULE_COLUMNS,
  timestamps: 'text',
});

/** The rules in force now (the same function the scan reads; all null when none is in force). */
export async function rulesInForce(db: Executor): Promise<RuleValues> {
  const values = sql.join(
    RULE_COLUMNS.map((c) => sql`${sql.raw(`f.${c.column}`)} as ${sql.identifier(c.key)}`),
    sql`, `,
  );
  const { rows } = await db.execute(
    sql`select ${values} from (select 1) one left join fraud_rules_in_force() f on true`,
  );
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
