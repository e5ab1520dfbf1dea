import type { ReportColumn } from '@app/contract/reports';

export const LEDGER_EXPORT_COLUMNS: readonly ReportColumn[] = [
  { header: 'Entry', key: 'id', width: 10 },
  { header: 'Time (UTC)', key: 'createdAt', width: 24 },
  { header: 'Member code', key: 'memberCode', width: 12 },
  { header: 'Member', key: 'memberName', width: 24 },
  { header: 'Kind', key: 'kind', width: 16 },
  { header: 'Points', key: 'amount', width: 10 },
  { header: 'Balance after', key: 'balanceAfter', width: 12 },
  { header: 'Reference', key: 'reference', width: 24 },
  { header: 'By', key: 'staffName', width: 20 },
  { header: 'Note', key: 'note', width: 30 },
];
