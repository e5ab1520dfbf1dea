import type { FastifyInstance } from 'fastify';

/** The outbox worker runs where background work does (JOBS=1), from start-up to close. */
export function registerMessagingTasks(app: FastifyInstance): void {
  if (!app.config.runJobs) return;
  app.addHook('onReady', async () => app.outbox.start());
  app.addHook('onClose', async () => app.outbox.stop());
}
