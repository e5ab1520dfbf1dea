import type { ReportDefinition } from './report-definition';

/** Report types of Project Registration and Feedbacks Data (spread into reports.ts REPORTS). */
export const PROJECT_REPORTS = [
  {
    key: 'projects',
    label: 'Projects',
    permission: '/dashboard/project_registration',
    dateField: 'Registered',
  },
  {
    key: 'feedback',
    label: 'Feedback',
    permission: '/dashboard/feedback',
    dateField: 'Received',
  },
] as const satisfies readonly ReportDefinition[];
