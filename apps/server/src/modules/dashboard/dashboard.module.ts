import type { ModuleContribution } from '../../lib/module-contribution';
import { dashboardRoutes } from './dashboard.routes';

export const dashboardModule: ModuleContribution = {
  name: 'dashboard',
  routes: [dashboardRoutes],
};
