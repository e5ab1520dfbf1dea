import { financialYearOf } from '@app/contract/format';
import {
  REDEMPTION_KIND_LABELS,
  REDEMPTION_KINDS,
  REDEMPTION_PAGE,
  REFUNDED_STATUSES,
} from '@app/contract/redemptions';
import { sql } from 'drizzle-orm';
import { redemptions as r } from '../../db/schema/redemptions';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countPerDay, countWhere, inRange } from '../../lib/dashboard/series';

const card = cardBuilder({ group: 'Redemptions', page: REDEMPTION_PAGE });
const notRefunded = sql`${r.status} not in (${sql.join(
  REFUNDED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/** Pending redemptions by type, value redeemed in the range, TDS this financial year, redemptions per day. */
export const redemptionCards: DashboardProvider = {
  pages: [REDEMPTION_PAGE],
  async cards(db, range) {
    const fy = financialYearOf(new Date());
    const [row] = await db
      .select({
        gift: countWhere(sql`${r.status} = 'requested' and ${r.kind} = 'gift'`),
        voucher: countWhere(sql`${r.status} = 'requested' and ${r.kind} = 'voucher'`),
        cash: countWhere(sql`${r.status} = 'requested' and ${r.kind} = 'cash'`),
        value:
          sql<number>`coalesce(sum(${r.valuePaise}) filter (where ${inRange(r.createdAt, range)} and ${notRefunded}), 0)`.mapWith(
            Number,
          ),
        tds: sql<number>`coalesce(sum(${r.tdsPaise}) filter (where ${r.financialYear} = ${fy} and ${notRefunded}), 0)`.mapWith(
          Number,
        ),
      })
      .from(r);
    return [
      ...REDEMPTION_KINDS.map((kind) =>
        card({
          key: `redemptions.pending.${kind}`,
          label: `Pending ${REDEMPTION_KIND_LABELS[kind].toLowerCase()} redemptions`,
          value: row?.[kind] ?? 0,
          unit: 'count',
          filter: { status: 'requested' },
          link: `${REDEMPTION_PAGE}/${kind}`,
        }),
      ),
      card({
        key: 'redemptions.value',
        label: 'Value redeemed in range',
        value: row?.value ?? 0,
        unit: 'paise',
        filter: { from: range.from, to: range.to },
      }),
      card({
        key: 'redemptions.tdsThisYear',
        label: `TDS this financial year (${fy})`,
        value: row?.tds ?? 0,
        unit: 'paise',
        filter: { financialYear: fy },
      }),
    ];
  },
  async series(db, range) {
    const points = await countPerDay(db, range, { table: r, id: r.id, at: r.createdAt });
    return [{ key: 'redemptions.perDay', label: 'Redemptions per day', page: REDEMPTION_PAGE, points }];
  },
};
