import { COUPON_STATE_LABELS, COUPON_STATUSES } from '@app/contract/coupons';
import { istDayEndIso, istDayStartIso, todayInIndia } from '@app/contract/format';
import { sql } from 'drizzle-orm';
import { couponScans } from '../../db/schema/coupon-scans';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countPerDay, countWhere, inRange } from '../../lib/dashboard/series';
import { couponStateTotals } from '../coupon-stock';

const SCANS = '/dashboard/QrScanHistories';
const STOCK = '/dashboard/coupon-stock-report';
const scanCard = cardBuilder({ group: 'Scans', page: SCANS, unit: 'count' });
const couponCard = cardBuilder({ group: 'Coupons', page: STOCK, unit: 'count' });

/**
 * Scans today and in the range, and coupons by state, counted as the summary and stock pages count
 * them (`couponStateTotals`). Range-bound cards link with the range as the list's filter.
 */
export const couponCards: DashboardProvider = {
  pages: [SCANS, STOCK],
  async cards(db, range) {
    // Today as the list's own filter: the IST day's instants, so the card and its list count alike.
    const day = todayInIndia();
    const today = { from: istDayStartIso(day), to: istDayEndIso(day) };
    const [s] = await db
      .select({
        today: countWhere(
          sql`${couponScans.result} = 'success' and ${couponScans.createdAt} >= ${today.from}::timestamptz and ${couponScans.createdAt} < ${today.to}::timestamptz`,
        ),
        inRange: countWhere(
          sql`${couponScans.result} = 'success' and ${inRange(couponScans.createdAt, range)}`,
        ),
        flagged: countWhere(
          sql`cardinality(${couponScans.flags}) > 0 and ${inRange(couponScans.createdAt, range)}`,
        ),
      })
      .from(couponScans);
    const byState = await couponStateTotals(db);
    const inTheRange = { from: range.start, to: range.end };
    const scan = (key: string, label: string, value: number, filter: Record<string, unknown>) =>
      scanCard({ key, label, value, filter });
    return [
      scan('scans.today', 'Scans today', s?.today ?? 0, { result: 'success', ...today }),
      scan('scans.inRange', 'Scans in range', s?.inRange ?? 0, { result: 'success', ...inTheRange }),
      scan('scans.flagged', 'Flagged scans in range', s?.flagged ?? 0, { flagged: true, ...inTheRange }),
      ...COUPON_STATUSES.map((status) =>
        couponCard({
          key: `coupons.${status}`,
          label: `Coupons ${COUPON_STATE_LABELS[status].toLowerCase()}`,
          value: byState[status],
          filter: { state: status },
        }),
      ),
    ];
  },
  async series(db, range) {
    const points = await countPerDay(db, range, {
      table: couponScans,
      id: couponScans.id,
      at: couponScans.createdAt,
      where: sql`${couponScans.result} = 'success'`,
    });
    return [{ key: 'scans.perDay', label: 'Scans per day', page: SCANS, points }];
  },
};
