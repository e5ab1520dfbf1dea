import type { ReportDefinition } from './report-definition';

/** Report types of the field force (PRODUCT.md §3.7, §3.9): employees and BDE activity. */
export const FIELD_REPORTS = [
  {
    key: 'employees',
    label: 'Employees',
    permission: '/dashboard/employee',
    dateField: 'Employee added',
  },
  {
    key: 'bde_activity',
    label: 'BDE activity',
    permission: '/dashboard/bda_activity',
    dateField: 'Check-in time',
  },
] as const satisfies readonly ReportDefinition[];
