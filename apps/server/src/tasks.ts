import type { FastifyInstance } from 'fastify';
import { registerKeyRotationTasks } from './lib/key-rotation';
import { registerCouponTasks } from './modules/coupons/coupons.tasks';
import { registerGiftVoucherTasks } from './modules/gift-vouchers/gift-vouchers.tasks';
import { registerHousekeepingTasks } from './modules/housekeeping/cleanup';
import { registerMessagingTasks } from './modules/messages/messages.tasks';
import { registerNotificationTasks } from './modules/notifications/notifications.tasks';
import { registerPayoutTasks } from './modules/payouts/payouts.tasks';
import { registerReportTasks } from './modules/reports/reports.tasks';
import { scheduleSchemeEnding } from './modules/schemes/scheme-lapse';

/** Every background task kind and its handler. A new domain adds its line here. */
export function registerTaskHandlers(app: FastifyInstance): void {
  registerReportTasks(app);
  registerCouponTasks(app);
  scheduleSchemeEnding(app);
  registerHousekeepingTasks(app);
  registerNotificationTasks(app);
  registerGiftVoucherTasks(app);
  registerKeyRotationTasks(app);
  registerMessagingTasks(app);
  registerPayoutTasks(app);
}
