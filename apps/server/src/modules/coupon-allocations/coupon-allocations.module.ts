import type { ModuleContribution } from '../../lib/module-contribution';
import { couponAllocationsRoutes } from './coupon-allocations.routes';

export const couponAllocationsModule: ModuleContribution = {
  name: 'coupon-allocations',
  routes: [couponAllocationsRoutes],
};
