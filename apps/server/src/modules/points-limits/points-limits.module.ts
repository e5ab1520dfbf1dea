import type { ModuleContribution } from '../../lib/module-contribution';
import { pointsLimitsRoutes } from './points-limits.routes';

export const pointsLimitsModule: ModuleContribution = {
  name: 'points-limits',
  routes: [pointsLimitsRoutes],
};
