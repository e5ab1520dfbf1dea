import { REDEMPTION_PAGE } from '@app/contract/redemptions';
import { type SQL, sql } from 'drizzle-orm';
import { payoutLines as l } from '../../db/schema/payouts';
import { redemptions as r } from '../../db/schema/redemptions';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere, inRange } from '../../lib/dashboard/series';
import { waitingByPayout } from './payout-lines.repository';

// Every card opens the Payouts tab of Approvals → Redemption, so the Redemption page guards them all.
const card = cardBuilder({ group: 'Payouts', page: REDEMPTION_PAGE, link: `${REDEMPTION_PAGE}/payouts` });
const paise = (value: SQL) => sql<number>`coalesce(${value}, 0)`.mapWith(Number);

/** Cash waiting for a batch, in batches, paid and failed in the range, and the TDS those payments withheld. */
export const payoutCards: DashboardProvider = {
  pages: [REDEMPTION_PAGE],
  async cards(db, range) {
    const waiting = await waitingByPayout(db);
    const [lines] = await db
      .select({
        inBatches: countWhere(sql`${l.status} in ('queued', 'sending', 'pending')`),
        paid: paise(
          sql`sum(${l.amountPaise}) filter (where ${l.status} = 'processed' and ${inRange(l.settledAt, range)})`,
        ),
        failed: countWhere(sql`${l.status} in ('failed', 'reversed') and ${inRange(l.settledAt, range)}`),
      })
      .from(l);
    // Withheld from every cash redemption paid in the range, by a batch or by hand.
    const [tds] = await db
      .select({ withheld: paise(sql`sum(${r.tdsPaise})`) })
      .from(r)
      .where(sql`${r.kind} = 'cash' and ${r.status} = 'paid' and ${inRange(r.paidAt, range)}`);
    return [
      card({
        key: 'payouts.waiting',
        label: 'Approved cash awaiting a payout batch',
        value: waiting.bank + waiting.upi,
        unit: 'count',
      }),
      card({
        key: 'payouts.inBatches',
        label: 'Payouts in batches, unsettled',
        value: lines?.inBatches ?? 0,
        unit: 'count',
      }),
      card({
        key: 'payouts.paidInRange',
        label: 'Paid out in range',
        value: lines?.paid ?? 0,
        unit: 'paise',
      }),
      card({
        key: 'payouts.failedInRange',
        label: 'Payouts failed in range',
        value: lines?.failed ?? 0,
        unit: 'count',
      }),
      card({
        key: 'payouts.tdsInRange',
        label: 'TDS withheld on cash paid in range',
        value: tds?.withheld ?? 0,
        unit: 'paise',
      }),
    ];
  },
};
