import type { ReportDefinition } from './report-definition';

/** Report types of the field force (PRODUCT.md §3.7, §3.9): employees and BDE activity. */
export const FIELD_REPORTS = [
  {
    key: 'employees',
    label: 'Employees',
    permission: '/dashboard/employee',
    dateField: 'Employee added',
    columns: [
      { header: 'Employee code', key: 'code', width: 14 },
      { header: 'Name', key: 'name', width: 24 },
      { header: 'Mobile', key: 'mobile', width: 12 },
      { header: 'Email', key: 'email', width: 28 },
      { header: 'Designation', key: 'designation', width: 18 },
      { header: 'Department', key: 'department', width: 16 },
      { header: 'State/Zone', key: 'zone', width: 16 },
      { header: 'Manager code', key: 'managerCode', width: 14 },
      { header: 'Manager', key: 'managerName', width: 24 },
      { header: 'Status', key: 'status', width: 10 },
      { header: 'BDE', key: 'isBde', width: 6 },
      { header: 'Added', key: 'createdAt', width: 20 },
    ],
  },
  {
    key: 'bde_activity',
    label: 'BDE activity',
    permission: '/dashboard/bda_activity',
    dateField: 'Check-in time',
  },
] as const satisfies readonly ReportDefinition[];
