import type { FastifyInstance } from 'fastify';

/** The delivery worker runs where background work does (JOBS=1), from start-up to close. */
export function registerWebhookTasks(app: FastifyInstance): void {
  if (!app.config.runJobs) return;
  app.addHook('onReady', async () => app.webhooks.start());
  app.addHook('onClose', async () => app.webhooks.stop());
}
