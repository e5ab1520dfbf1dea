import type { ModuleContribution } from '../../lib/module-contribution';
import { pointsExpiryCards } from './points-expiry.dashboard';
import { pointsExpiryReportSource } from './points-expiry.report';
import { pointsExpiryRoutes } from './points-expiry.routes';
import { registerPointsExpiryTasks } from './points-expiry.tasks';

export const pointsExpiryModule: ModuleContribution = {
  name: 'points-expiry',
  routes: [pointsExpiryRoutes],
  tasks: [registerPointsExpiryTasks],
  reportSources: { points_expiry: pointsExpiryReportSource },
  dashboardCards: [pointsExpiryCards],
};
