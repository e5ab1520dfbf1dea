import { COURIER_PAGE } from '@app/contract/courier-redemptions';
import { sql } from 'drizzle-orm';
import { redemptions as r } from '../../db/schema/redemptions';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere } from '../../lib/dashboard/series';

const card = cardBuilder({ group: 'Courier', page: COURIER_PAGE, unit: 'count' });

/**
 * The courier desk: approved gifts waiting for dispatch, gifts in transit, returned gifts, and what
 * was dispatched and delivered in the range. Each card's filter is the Courier Redemption list's own.
 */
export const courierCards: DashboardProvider = {
  pages: [COURIER_PAGE],
  async cards(db, range) {
    const gift = sql`${r.kind} = 'gift'`;
    const dispatchedInRange = sql`${r.dispatchedOn} between ${range.from}::date and ${range.to}::date`;
    const [row] = await db
      .select({
        queue: countWhere(sql`${gift} and ${r.status} = 'approved'`),
        transit: countWhere(sql`${gift} and ${r.status} = 'dispatched'`),
        returned: countWhere(sql`${gift} and ${r.status} = 'returned'`),
        dispatched: countWhere(
          sql`${gift} and ${r.status} in ('dispatched', 'delivered', 'returned') and ${dispatchedInRange}`,
        ),
      })
      .from(r);
    return [
      card({
        key: 'courier.queue',
        label: 'Gifts to dispatch',
        value: row?.queue ?? 0,
        filter: { status: 'approved' },
      }),
      card({
        key: 'courier.inTransit',
        label: 'Gifts in transit',
        value: row?.transit ?? 0,
        filter: { status: 'dispatched' },
      }),
      card({
        key: 'courier.returned',
        label: 'Gifts returned',
        value: row?.returned ?? 0,
        filter: { status: 'returned' },
      }),
      card({
        key: 'courier.dispatchedInRange',
        label: 'Gifts dispatched in range',
        value: row?.dispatched ?? 0,
        filter: { dispatchedFrom: range.from, dispatchedTo: range.to },
      }),
    ];
  },
};
