import type { ModuleContribution } from '../../lib/module-contribution';
import { COUPON_REPORT_SOURCES } from './coupon-report-sources';
import { couponCards } from './coupons.dashboard';
import { registerCouponTasks } from './coupons.tasks';

export const couponsModule: ModuleContribution = {
  name: 'coupons',
  tasks: [registerCouponTasks],
  reportSources: { ...COUPON_REPORT_SOURCES },
  dashboardCards: [couponCards],
};
