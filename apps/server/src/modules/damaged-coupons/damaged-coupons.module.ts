import type { ModuleContribution } from '../../lib/module-contribution';
import { damagedCouponsRoutes } from './damaged-coupons.routes';

export const damagedCouponsModule: ModuleContribution = {
  name: 'damaged-coupons',
  routes: [damagedCouponsRoutes],
};
