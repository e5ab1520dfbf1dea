import { sql } from 'drizzle-orm';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';

const PAGE = '/dashboard/scheme';
const MONTHS_SHOWN = 3;

const card = cardBuilder({ unit: 'points', group: 'Points expiry', page: PAGE });

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00+05:30`).toLocaleDateString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/**
 * The liability as it runs out: points expiring within 30 days, by month of expiry for the next
 * months (IST), and points expired in the range.
 */
export const pointsExpiryCards: DashboardProvider = {
  pages: [PAGE],
  async cards(db, range) {
    const { rows: soon } = await db.execute(sql`select
        coalesce(sum(remaining) filter (where expires_at <= now() + interval '30 days'), 0)::int as soon
      from points_lots where remaining > 0 and expires_at is not null`);
    const { rows: months } =
      await db.execute(sql`select to_char(expires_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
        sum(remaining)::int as points
      from points_lots where remaining > 0 and expires_at is not null group by 1 order by 1 limit ${MONTHS_SHOWN}`);
    const { rows: expired } =
      await db.execute(sql`select coalesce(-sum(amount), 0)::int as points from points_ledger
      where kind = 'expiry' and created_at >= (${range.from}::date)::timestamp at time zone 'Asia/Kolkata'
        and created_at < (${range.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
    return [
      card({
        key: 'pointsExpiry.within30Days',
        label: 'Points expiring within 30 days',
        value: Number(soon[0]!.soon),
      }),
      ...(months as { month: string; points: number }[]).map((m) =>
        card({
          key: `pointsExpiry.month.${m.month}`,
          label: `Expiring in ${monthLabel(m.month)}`,
          value: m.points,
        }),
      ),
      card({
        key: 'pointsExpiry.expired',
        label: 'Points expired in range',
        value: Number(expired[0]!.points),
      }),
    ];
  },
};
