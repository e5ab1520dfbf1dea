import type { ReportColumn } from '@app/contract/reports';

/** Columns of the member list exports (All Users, Pending User, Rejected User). No KYC numbers. */
export const MEMBER_EXPORT_COLUMNS: readonly ReportColumn[] = [
  { header: 'Code', key: 'code', width: 10 },
  { header: 'Name', key: 'name', width: 24 },
  { header: 'Mobile', key: 'mobile', width: 12 },
  { header: 'Type', key: 'type', width: 12 },
  { header: 'City', key: 'city', width: 14 },
  { header: 'District', key: 'district', width: 14 },
  { header: 'State', key: 'state', width: 16 },
  { header: 'Pincode', key: 'pincode', width: 8 },
  { header: 'Dealer', key: 'dealerName', width: 20 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Reason', key: 'statusReason', width: 30 },
  { header: 'KYC', key: 'kycStatus', width: 10 },
  { header: 'Balance', key: 'balance', width: 10 },
  { header: 'Registered (UTC)', key: 'createdAt', width: 24 },
];
