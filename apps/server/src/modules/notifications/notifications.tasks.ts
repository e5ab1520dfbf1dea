import type { FastifyInstance } from 'fastify';
import { FANOUT_CHUNK, fanOut } from './notification-fanout';
import { DUE_TASK, FANOUT_TASK, queueDueNotifications } from './notifications.service';
import { pushSenderFor } from './push-sender';

/** Member ids per chunk; NOTIFICATION_FANOUT_CHUNK overrides it (the crash test, the benchmark). */
const chunk = Number(process.env.NOTIFICATION_FANOUT_CHUNK) || FANOUT_CHUNK;

/** Background work of Manage Notification: the fan-out, and the minute cron that starts scheduled ones. */
export function registerNotificationTasks(app: FastifyInstance): void {
  app.jobs.register<{ notificationId: number }>(FANOUT_TASK, (payload, ctx) =>
    fanOut(app.database, payload.notificationId, {
      sender: pushSenderFor(app.log),
      chunk,
      attempt: ctx.attempt,
      progress: (done, total) => ctx.progress(done, total),
    }),
  );
  app.jobs.schedule(DUE_TASK, '* * * * *', () => queueDueNotifications(app));
}
