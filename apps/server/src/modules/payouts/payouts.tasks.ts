import type { FastifyInstance } from 'fastify';
import { PAYOUT_SEND_TASK } from './payout-batches.service';
import { pollPayouts, sendBatch } from './payout-sender';

export const PAYOUT_POLL_TASK = 'payouts.poll';
/** Every five minutes: payouts whose webhook never came, and lines a crash left unsent. */
const PAYOUT_POLL_CRON = '*/5 * * * *';

export function registerPayoutTasks(app: FastifyInstance): void {
  app.jobs.register<{ batchId: number }>(PAYOUT_SEND_TASK, async ({ batchId }) => sendBatch(app, batchId));
  app.jobs.schedule(PAYOUT_POLL_TASK, PAYOUT_POLL_CRON, () => pollPayouts(app));
}
