import type { RedemptionStatus } from '@app/contract/redemptions';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { intArray } from '../../lib/raw-sql';
import { queueStepMessages } from './outbox';
import type { MessageEvent } from './templates.data';

/** The message each redemption move sends its member (a cancellation is the member's own doing). */
const EVENT_OF: Partial<Record<RedemptionStatus, MessageEvent>> = {
  approved: 'redemption.approved',
  rejected: 'redemption.rejected',
  paid: 'redemption.paid',
  dispatched: 'redemption.dispatched',
  delivered: 'redemption.delivered',
  returned: 'redemption.returned',
  fulfilled: 'voucher.issued',
};

/**
 * A courier's tracking page for an AWB: TRACKING_URL (`{awb}` and `{courier}` placeholders) or, by
 * default, 17TRACK's universal tracker, which knows Indian couriers by the AWB alone.
 */
export const trackingLinkOf = (courier: string, awb: string, pattern = process.env.TRACKING_URL) =>
  (pattern || 'https://t.17track.net/en#nums={awb}')
    .replaceAll('{awb}', encodeURIComponent(awb))
    .replaceAll('{courier}', encodeURIComponent(courier));

/** Made once: `toLocaleString` builds a formatter per call (~40 µs, 0.8 s for a 20,000-row upload). */
const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0 });
const RUPEES_AND_PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 });
const rupees = (paise: number) => (paise % 100 ? RUPEES_AND_PAISE : WHOLE_RUPEES).format(paise / 100);

/**
 * Queues the step message of a redemption move for each moved row, inside the move's transaction
 * (after its UPDATE, so the row's UTR, courier and amounts are the ones just set). The cause is the
 * move (`redemption.<status>`, redemption id): a retried move adds nothing. Set-based: one read of the
 * rows and one `queueStepMessages` whatever their number (a UTR upload pays 20,000 at once).
 */
export async function queueRedemptionMessages(
  tx: Executor,
  ids: readonly number[],
  to: RedemptionStatus,
): Promise<void> {
  const event = EVENT_OF[to];
  if (!event || ids.length === 0) return;
  const { rows } = await tx.execute(sql`
    select d.id, d.member_id as "memberId", d.kind, d.payout, coalesce(w.name, 'cash') as reward, d.reason,
      d.value_paise as "valuePaise", d.tds_paise as "tdsPaise", d.net_paise as "netPaise", d.utr, d.courier_company as courier, d.awb
    from redemptions d left join rewards w on w.id = d.reward_id
    where d.id = any(${intArray([...ids])}) order by d.id`);
  // A payment to a UPI ID must not tell the member to look in their bank account; an approved cash
  // redemption has no reward name to give, so its text says "cash" in the member's language with the money.
  const eventOf = (r: Record<string, unknown>): MessageEvent => {
    if (event === 'redemption.paid' && r.payout === 'upi') return 'redemption.paid_upi';
    if (event === 'redemption.approved' && r.kind === 'cash') return 'redemption.approved_cash';
    return event;
  };
  const all = rows as Record<string, unknown>[];
  for (const each of new Set(all.map(eventOf)))
    await queueStepMessages(
      tx,
      each,
      stepMessagesOf(
        all.filter((r) => eventOf(r) === each),
        to,
      ),
    );
}

function stepMessagesOf(rows: Record<string, unknown>[], to: RedemptionStatus) {
  return rows.map((r) => {
    const id = Number(r.id);
    const courier = String(r.courier ?? '');
    const awb = String(r.awb ?? '');
    return {
      memberId: Number(r.memberId),
      variables: {
        reference: `#${id}`,
        reward: String(r.reward),
        reason: r.reason as string | null,
        amount: rupees(Number(r.netPaise)),
        gross: rupees(Number(r.valuePaise)),
        tds: rupees(Number(r.tdsPaise)),
        utr: r.utr as string | null,
        courier,
        awb,
        link: courier && awb ? trackingLinkOf(courier, awb) : null,
      },
      cause: { kind: `redemption.${to}`, id },
    };
  });
}
