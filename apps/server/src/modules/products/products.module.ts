import type { ModuleContribution } from '../../lib/module-contribution';
import { productsRoutes } from './products.routes';

export const productsModule: ModuleContribution = {
  name: 'products',
  routes: [productsRoutes],
};
