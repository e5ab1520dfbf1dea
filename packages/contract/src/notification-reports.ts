import type { ReportDefinition } from './report-definition';

/** Report types of Manage Notification (catalogue entries; contract/reports.ts spreads them in). */
export const NOTIFICATION_REPORTS = [
  {
    key: 'notifications',
    label: 'Notifications (delivery and read counts)',
    permission: '/dashboard/notifications',
    dateField: 'Created',
  },
] as const satisfies readonly ReportDefinition[];
