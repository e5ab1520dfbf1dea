import type { ModuleContribution } from '../../lib/module-contribution';
import { couponStockRoutes } from './coupon-stock.routes';

export const couponStockModule: ModuleContribution = {
  name: 'coupon-stock',
  routes: [couponStockRoutes],
};
