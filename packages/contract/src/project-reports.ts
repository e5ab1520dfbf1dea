import type { ReportDefinition } from './report-definition';

/** Report types of Project Registration and Feedbacks Data (spread into reports.ts REPORTS). */
export const PROJECT_REPORTS = [
  {
    key: 'projects',
    label: 'Projects',
    permission: '/dashboard/project_registration',
    dateField: 'Registered',
    columns: [
      { header: 'Project', key: 'id', width: 8 },
      { header: 'Registered', key: 'createdAt', width: 20 },
      { header: 'Member code', key: 'memberCode', width: 12 },
      { header: 'Member', key: 'memberName', width: 24 },
      { header: 'Name', key: 'name', width: 24 },
      { header: 'Site address', key: 'siteAddress', width: 36 },
      { header: 'Pincode', key: 'pincode', width: 8 },
      { header: 'Type', key: 'type', width: 14 },
      { header: 'Stage', key: 'stage', width: 12 },
      { header: 'Expected quantity', key: 'expectedQuantity', width: 12 },
      { header: 'State', key: 'state', width: 10 },
      { header: 'Reason', key: 'reason', width: 28 },
      { header: 'Bonus points', key: 'bonusPoints', width: 10 },
      { header: 'Decided by', key: 'decidedByName', width: 20 },
      { header: 'Decided', key: 'decidedAt', width: 20 },
    ],
  },
  {
    key: 'feedback',
    label: 'Feedback',
    permission: '/dashboard/feedback',
    dateField: 'Received',
    columns: [
      { header: 'Feedback', key: 'id', width: 8 },
      { header: 'Received', key: 'createdAt', width: 20 },
      { header: 'Member code', key: 'memberCode', width: 12 },
      { header: 'Member', key: 'memberName', width: 24 },
      { header: 'Category', key: 'category', width: 12 },
      { header: 'Rating', key: 'rating', width: 8 },
      { header: 'Message', key: 'message', width: 48 },
      { header: 'State', key: 'state', width: 12 },
      { header: 'Replies', key: 'replyCount', width: 8 },
      { header: 'Last reply', key: 'lastReplyAt', width: 20 },
    ],
  },
] as const satisfies readonly ReportDefinition[];
