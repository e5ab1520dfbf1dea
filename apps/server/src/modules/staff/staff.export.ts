import type { ReportColumn } from '@app/contract/reports';

/** Columns of the Manage Admin list export (the current filter as xlsx). Never a password hash. */
export const STAFF_EXPORT_COLUMNS: readonly ReportColumn[] = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Name', key: 'name', width: 24 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Mobile', key: 'mobile', width: 12 },
  { header: 'Role', key: 'roleName', width: 16 },
  { header: 'Active', key: 'active', width: 8 },
  { header: 'Locked', key: 'locked', width: 8 },
  { header: 'Last sign-in (UTC)', key: 'lastSignInAt', width: 24 },
  { header: 'Created (UTC)', key: 'createdAt', width: 24 },
];
