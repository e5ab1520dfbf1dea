import type { FastifyInstance } from 'fastify';
import { runPointsExpiry } from './expiry-run';
import { queueExpiryReminders } from './points-expiry.service';

/** Nightly at 01:30 IST (pg-boss cron, one instance per slot; a second one would change nothing). */
export const POINTS_EXPIRY_CRON = '30 1 * * *';

export function registerPointsExpiryTasks(app: FastifyInstance): void {
  app.jobs.schedule('points.expiry', POINTS_EXPIRY_CRON, async () => {
    const expired = await runPointsExpiry(app.database);
    const reminders = await queueExpiryReminders(app);
    app.log.info({ ...expired, reminders }, 'points expiry ran');
    return { ...expired, reminders };
  });
}
