import type { ModuleContribution } from '../../lib/module-contribution';
import { productCards } from './products.dashboard';
import { productsRoutes } from './products.routes';

export const productsModule: ModuleContribution = {
  name: 'products',
  routes: [productsRoutes],
  dashboardCards: [productCards],
};
