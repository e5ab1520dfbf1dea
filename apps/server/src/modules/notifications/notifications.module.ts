import type { ModuleContribution } from '../../lib/module-contribution';
import { inboxAppRoutes } from './inbox.app-routes';
import { NOTIFICATION_REPORT_SOURCES } from './notification-report-sources';
import { notificationCards } from './notifications.dashboard';
import { notificationsRoutes } from './notifications.routes';
import { registerNotificationTasks } from './notifications.tasks';

export const notificationsModule: ModuleContribution = {
  name: 'notifications',
  routes: [notificationsRoutes, inboxAppRoutes],
  tasks: [registerNotificationTasks],
  reportSources: { ...NOTIFICATION_REPORT_SOURCES },
  dashboardCards: [notificationCards],
};
