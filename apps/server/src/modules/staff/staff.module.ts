import type { ModuleContribution } from '../../lib/module-contribution';
import { staffCards } from './staff.dashboard';
import { staffRoutes } from './staff.routes';

export const staffModule: ModuleContribution = {
  name: 'staff',
  routes: [staffRoutes],
  dashboardCards: [staffCards],
};
