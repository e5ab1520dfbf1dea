import type { FastifyInstance } from 'fastify';
import { fanOut } from './notification-fanout';
import { DUE_TASK, FANOUT_TASK, queueDueNotifications } from './notifications.service';
import { pushSenderFor } from './push-sender';

/** Background work of Manage Notification: the fan-out, and the minute cron that starts scheduled ones. */
export function registerNotificationTasks(app: FastifyInstance): void {
  app.jobs.register<{ notificationId: number }>(FANOUT_TASK, (payload, ctx) =>
    fanOut(app.database, payload.notificationId, {
      sender: pushSenderFor(app.log),
      attempt: ctx.attempt,
      progress: (done, total) => ctx.progress(done, total),
    }),
  );
  app.jobs.schedule(DUE_TASK, '* * * * *', () => queueDueNotifications(app));
}
