import type { ModuleContribution } from '../../lib/module-contribution';
import { distributorsRoutes } from './distributors.routes';

export const distributorsModule: ModuleContribution = {
  name: 'distributors',
  routes: [distributorsRoutes],
};
