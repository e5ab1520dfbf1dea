import type { ModuleContribution } from '../../lib/module-contribution';
import { GIFT_VOUCHER_REPORT_SOURCES } from './gift-voucher-report-sources';
import { giftVouchersRoutes } from './gift-vouchers.routes';
import { registerGiftVoucherTasks } from './gift-vouchers.tasks';
import { giftVoucherUploadRoutes } from './gift-vouchers-upload.routes';
import { voucherOrderRoutes } from './voucher-orders.routes';

export const giftVouchersModule: ModuleContribution = {
  name: 'gift-vouchers',
  routes: [giftVouchersRoutes, giftVoucherUploadRoutes, voucherOrderRoutes],
  tasks: [registerGiftVoucherTasks],
  reportSources: { ...GIFT_VOUCHER_REPORT_SOURCES },
};
