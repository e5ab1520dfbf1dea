import type { ReportColumn } from '@app/contract/reports';

/** Columns of the KYC list exports: numbers masked exactly as on screen. */
export const KYC_EXPORT_COLUMNS: readonly ReportColumn[] = [
  { header: 'Submitted (UTC)', key: 'submittedAt', width: 24 },
  { header: 'Member code', key: 'memberCode', width: 12 },
  { header: 'Member', key: 'memberName', width: 24 },
  { header: 'Type', key: 'memberType', width: 12 },
  { header: 'State', key: 'state', width: 16 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Aadhaar', key: 'aadhaar', width: 16 },
  { header: 'PAN', key: 'pan', width: 12 },
  { header: 'Account', key: 'accountNumber', width: 14 },
  { header: 'IFSC', key: 'ifsc', width: 12 },
  { header: 'Claimed by', key: 'claimedByName', width: 20 },
  { header: 'Decided (UTC)', key: 'decidedAt', width: 24 },
  { header: 'Reviewer', key: 'decidedByName', width: 20 },
  { header: 'Reason', key: 'reason', width: 28 },
  { header: 'Comment', key: 'comment', width: 30 },
];
