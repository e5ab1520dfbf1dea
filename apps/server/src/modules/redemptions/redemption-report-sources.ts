import { REDEMPTION_REPORTS } from '@app/contract/redemption-reports';
import { REFUNDED_STATUSES } from '@app/contract/redemptions';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ReportRange, type ReportSource, reportOf } from '../../lib/lists/report';
import { maskedPan } from '../../lib/masking';
import type { ReportRow } from '../../lib/xlsx-writer';
import { redemptionList } from './redemptions.repository';

const refunded = sql.join(
  REFUNDED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** Redemptions requested in the range, grouped per member and financial year (refunded ones excluded). */
const grouped = (range: ReportRange) => sql`
  from redemptions r join members m on m.id = r.member_id
  left join lateral (select k.pan_last4 from kyc_submissions k where k.id = r.kyc_id) k on true
  where r.created_at >= ${range.from}::timestamptz and r.created_at < ${range.to}::timestamptz
    and r.status not in (${refunded})
  group by r.financial_year, m.id, m.code, m.name`;

/**
 * The TDS statement: per member per financial year, the value redeemed, the TDS under 194R and who
 * bore it (cash: deducted from the member's payout; gifts and vouchers: the company). PAN masked.
 */
const tdsStatement: ReportSource = {
  columns: REDEMPTION_REPORTS[1].columns.map((c) => ({
    ...c,
    format: c.key === 'redemptions' ? 'int' : c.key.endsWith('Rupees') ? 'rupees' : 'text',
  })),
  async *batches(db: Executor, range, batchSize) {
    for (let offset = 0; ; offset += batchSize) {
      const result = await db.execute(sql`
        select r.financial_year as "financialYear", m.code as "memberCode", m.name as "memberName",
          coalesce(${maskedPan(sql`max(k.pan_last4)`)}, 'Not on file') as pan, count(*)::int as redemptions,
          sum(r.value_paise)::bigint as value, sum(r.tds_paise)::bigint as tds,
          coalesce(sum(r.tds_paise) filter (where r.tds_borne_by = 'member'), 0)::bigint as "tdsMember",
          coalesce(sum(r.tds_paise) filter (where r.tds_borne_by = 'company'), 0)::bigint as "tdsCompany",
          coalesce(sum(r.net_paise) filter (where r.kind = 'cash'), 0)::bigint as "netCash"
        ${grouped(range)}
        order by r.financial_year, m.code
        limit ${batchSize} offset ${offset}`);
      const rows = result.rows as Record<string, string | number | null>[];
      if (rows.length === 0) return;
      yield rows.map(
        (x): ReportRow => ({
          financialYear: x.financialYear as string,
          memberCode: x.memberCode as string,
          memberName: x.memberName as string,
          pan: x.pan as string,
          redemptions: Number(x.redemptions),
          valueRupees: Number(x.value) / 100,
          tdsRupees: Number(x.tds) / 100,
          tdsMemberRupees: Number(x.tdsMember) / 100,
          tdsCompanyRupees: Number(x.tdsCompany) / 100,
          netCashRupees: Number(x.netCash) / 100,
        }),
      );
      if (rows.length < batchSize) return;
    }
  },
  async count(db, range) {
    const result = await db.execute(sql`select count(*)::int as n from (select 1 ${grouped(range)}) g`);
    return Number((result.rows[0] as { n: number }).n);
  },
};

/** The redemption report types of the catalogue (contract/redemption-reports.ts). */
export const REDEMPTION_REPORT_SOURCES = {
  /** The Approvals → Redemption list's own columns: its declaration is the report's. */
  redemptions: reportOf(redemptionList, 'createdAt'),
  tds_statement: tdsStatement,
} satisfies Record<(typeof REDEMPTION_REPORTS)[number]['key'], ReportSource>;
