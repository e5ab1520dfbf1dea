import type { ModuleContribution } from '../../lib/module-contribution';
import { payoutCards } from './payouts.dashboard';
import { payoutsRoutes } from './payouts.routes';
import { registerPayoutTasks } from './payouts.tasks';

export const payoutsModule: ModuleContribution = {
  name: 'payouts',
  routes: [payoutsRoutes],
  tasks: [registerPayoutTasks],
  dashboardCards: [payoutCards],
};
