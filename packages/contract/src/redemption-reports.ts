import type { ReportDefinition } from './report-definition';

/** The redemption domain's report types (PRODUCT.md 3.6, 3.9), spread into the catalogue in reports.ts. */
export const REDEMPTION_REPORTS = [
  {
    key: 'redemptions',
    label: 'Redemptions (with TDS)',
    permission: '/dashboard/approvals/redemption',
    dateField: 'Requested',
  },
  {
    key: 'tds_statement',
    label: 'TDS statement (per member per financial year)',
    permission: '/dashboard/approvals/redemption',
    dateField: 'Redemption requested (refunded ones excluded)',
    columns: [
      { header: 'Financial year', key: 'financialYear', width: 10 },
      { header: 'Member code', key: 'memberCode', width: 12 },
      { header: 'Member', key: 'memberName', width: 24 },
      { header: 'PAN', key: 'pan', width: 14 },
      { header: 'Redemptions', key: 'redemptions', width: 10 },
      { header: 'Value (₹)', key: 'valueRupees', width: 14 },
      { header: 'TDS (₹)', key: 'tdsRupees', width: 12 },
      { header: 'TDS deducted from cash (₹)', key: 'tdsMemberRupees', width: 14 },
      { header: 'TDS borne by the company (₹)', key: 'tdsCompanyRupees', width: 14 },
      { header: 'Net paid in cash (₹)', key: 'netCashRupees', width: 14 },
    ],
  },
] as const satisfies readonly ReportDefinition[];
