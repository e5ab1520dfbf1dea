import type { ReportSource } from '../../lib/lists/report';
import { reportOf } from '../../lib/lists/report';
import { notificationList } from './notifications.repository';

/** The notifications report: the history list's rows, by creation time. */
export const NOTIFICATION_REPORT_SOURCES: Record<'notifications', ReportSource> = {
  notifications: reportOf(notificationList, 'createdAt'),
};
