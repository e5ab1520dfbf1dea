import type { ModuleContribution } from '../../lib/module-contribution';
import { couponBatchesRoutes } from './coupon-batches.routes';

export const couponBatchesModule: ModuleContribution = {
  name: 'coupon-batches',
  routes: [couponBatchesRoutes],
};
