import type { ModuleContribution } from '../../lib/module-contribution';
import { couponScansRoutes } from './coupon-scans.routes';

export const couponScansModule: ModuleContribution = {
  name: 'coupon-scans',
  routes: [couponScansRoutes],
};
