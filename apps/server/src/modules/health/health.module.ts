import type { ModuleContribution } from '../../lib/module-contribution';
import { healthRoutes } from './health.routes';

export const healthModule: ModuleContribution = {
  name: 'health',
  routes: [healthRoutes],
};
