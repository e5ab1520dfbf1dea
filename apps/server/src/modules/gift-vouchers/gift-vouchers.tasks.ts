import type { FastifyInstance } from 'fastify';
import { expireLapsed } from './gift-vouchers.service';
import {
  buyTask,
  sweepOrders,
  VOUCHER_BUY_TASK,
  VOUCHER_ORDER_SWEEP_CRON,
  VOUCHER_ORDER_SWEEP_TASK,
} from './voucher-orders';

export const VOUCHER_EXPIRY_TASK = 'gift-vouchers.expire';
/** Just after midnight IST: the vouchers whose last day was yesterday. */
const VOUCHER_EXPIRY_CRON = '5 0 * * *';

/** The daily sweep; until it runs, lists already read a lapsed voucher as expired and it is never issued. */
export function registerGiftVoucherTasks(app: FastifyInstance): void {
  app.jobs.schedule(VOUCHER_EXPIRY_TASK, VOUCHER_EXPIRY_CRON, () =>
    app.database.db.transaction((tx) => expireLapsed(tx)),
  );
  // E-vouchers bought from the provider: each approval's orders, and the sweep for what a crash left.
  app.jobs.register<{ orderIds: number[] }>(VOUCHER_BUY_TASK, ({ orderIds }) => buyTask(app, orderIds));
  app.jobs.schedule(VOUCHER_ORDER_SWEEP_TASK, VOUCHER_ORDER_SWEEP_CRON, () => sweepOrders(app));
}
