import type { ModuleContribution } from '../../lib/module-contribution';
import { tiersReportSource } from './tiers.report';
import { tiersRoutes } from './tiers.routes';
import { registerTierTasks } from './tiers.tasks';

export const tiersModule: ModuleContribution = {
  name: 'tiers',
  routes: [tiersRoutes],
  tasks: [registerTierTasks],
  reportSources: { tiers: tiersReportSource },
};
