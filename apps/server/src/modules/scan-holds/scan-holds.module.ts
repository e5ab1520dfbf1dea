import type { ModuleContribution } from '../../lib/module-contribution';
import { scanHoldsRoutes } from './scan-holds.routes';

export const scanHoldsModule: ModuleContribution = {
  name: 'scan-holds',
  routes: [scanHoldsRoutes],
};
