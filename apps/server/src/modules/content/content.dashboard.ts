import { CONTENT_PAGES } from '@app/contract/content';
import { todayInIndia } from '@app/contract/format';
import { sql } from 'drizzle-orm';
import { banners, events } from '../../db/schema/content';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere, inRange } from '../../lib/dashboard/series';

const card = cardBuilder({ group: 'Media', unit: 'count' });

/**
 * Marketing's media: banners live in the app today, events still to come, events in the range and
 * their registrations. Each card's filter is its list's own (banners `liveOn`, events `from`/`to`).
 */
export const contentCards: DashboardProvider = {
  pages: [CONTENT_PAGES.banner, CONTENT_PAGES.event],
  async cards(db, range) {
    const today = todayInIndia();
    const [b] = await db
      .select({
        live: countWhere(
          sql`${banners.active} and ${banners.startsOn} <= ${today}::date and ${banners.endsOn} >= ${today}::date`,
        ),
      })
      .from(banners);
    const [e] = await db
      .select({
        upcoming: countWhere(
          sql`${events.active} and ${events.startsAt} >= (${today}::timestamp at time zone 'Asia/Kolkata')`,
        ),
        inRange: countWhere(inRange(events.startsAt, range)),
        registered:
          sql<number>`coalesce(sum(${events.registered}) filter (where ${inRange(events.startsAt, range)}), 0)`.mapWith(
            Number,
          ),
      })
      .from(events);
    return [
      card({
        key: 'content.bannersLive',
        label: 'Banners live today',
        value: b?.live ?? 0,
        page: CONTENT_PAGES.banner,
        filter: { liveOn: today },
      }),
      card({
        key: 'content.eventsUpcoming',
        label: 'Upcoming events',
        value: e?.upcoming ?? 0,
        page: CONTENT_PAGES.event,
        filter: { active: true, from: today },
      }),
      card({
        key: 'content.eventsInRange',
        label: 'Events in range',
        value: e?.inRange ?? 0,
        page: CONTENT_PAGES.event,
        filter: { from: range.start, to: range.end },
      }),
      card({
        key: 'content.eventRegistrations',
        label: 'Registrations for events in range',
        value: e?.registered ?? 0,
        page: CONTENT_PAGES.event,
        filter: { from: range.start, to: range.end },
      }),
    ];
  },
};
