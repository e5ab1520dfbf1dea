import { NOTIFICATIONS_PAGE } from '@app/contract/notifications';
import { sql } from 'drizzle-orm';
import { notifications as n } from '../../db/schema/notifications';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere, inRange } from '../../lib/dashboard/series';

const card = cardBuilder({ group: 'Notifications', page: NOTIFICATIONS_PAGE, unit: 'count' });

/**
 * Manage Notification: notifications sent in the range (made in the range and sent), the inbox
 * messages they reached and how many were read, and those still scheduled. The sums are over the
 * same notifications the "sent in range" filter lists.
 */
export const notificationCards: DashboardProvider = {
  pages: [NOTIFICATIONS_PAGE],
  async cards(db, range) {
    const sentInRange = sql`${n.state} = 'sent' and ${inRange(n.createdAt, range)}`;
    const [row] = await db
      .select({
        sent: countWhere(sentInRange),
        recipients: sql<number>`coalesce(sum(${n.recipients}) filter (where ${sentInRange}), 0)`.mapWith(
          Number,
        ),
        read: sql<number>`coalesce(sum(${n.readCount}) filter (where ${sentInRange}), 0)`.mapWith(Number),
        scheduled: countWhere(sql`${n.state} = 'scheduled'`),
      })
      .from(n);
    const sentFilter = { state: 'sent', from: range.start, to: range.end };
    return [
      card({
        key: 'notifications.sent',
        label: 'Notifications sent in range',
        value: row?.sent ?? 0,
        filter: sentFilter,
      }),
      card({
        key: 'notifications.recipients',
        label: 'Inbox messages of those sent',
        value: row?.recipients ?? 0,
        filter: sentFilter,
      }),
      card({
        key: 'notifications.read',
        label: 'Read by members',
        value: row?.read ?? 0,
        filter: sentFilter,
      }),
      card({
        key: 'notifications.scheduled',
        label: 'Notifications scheduled',
        value: row?.scheduled ?? 0,
        filter: { state: 'scheduled' },
      }),
    ];
  },
};
