import type { ReportDefinition } from './report-definition';

/** Report types of Manage Notification (catalogue entries; contract/reports.ts spreads them in). */
export const NOTIFICATION_REPORTS = [
  {
    key: 'notifications',
    label: 'Notifications (delivery and read counts)',
    permission: '/dashboard/notifications',
    dateField: 'Created',
    columns: [
      { header: 'ID', key: 'id', width: 8 },
      { header: 'Created', key: 'createdAt', width: 20 },
      { header: 'Title', key: 'title', width: 30 },
      { header: 'Audience', key: 'audienceSummary', width: 30 },
      { header: 'State', key: 'state', width: 12 },
      { header: 'Send at', key: 'sendAt', width: 20 },
      { header: 'Sent', key: 'finishedAt', width: 20 },
      { header: 'Recipients', key: 'recipients', width: 12 },
      { header: 'Delivered', key: 'delivered', width: 12 },
      { header: 'Read', key: 'read', width: 10 },
      { header: 'Created by', key: 'createdByName', width: 20 },
    ],
  },
] as const satisfies readonly ReportDefinition[];
