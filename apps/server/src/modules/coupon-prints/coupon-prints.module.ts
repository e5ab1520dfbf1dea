import type { ModuleContribution } from '../../lib/module-contribution';
import { couponPrintsRoutes } from './coupon-prints.routes';

export const couponPrintsModule: ModuleContribution = {
  name: 'coupon-prints',
  routes: [couponPrintsRoutes],
};
