import type { ModuleContribution } from '../../lib/module-contribution';
import { adjustmentsRoutes } from './adjustments.routes';

export const adjustmentsModule: ModuleContribution = {
  name: 'adjustments',
  routes: [adjustmentsRoutes],
};
