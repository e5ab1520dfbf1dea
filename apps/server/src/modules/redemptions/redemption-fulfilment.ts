import { istDayOf } from '@app/contract/format';
import type { DeliveredBody, DispatchBody } from '@app/contract/redemptions';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { redemptions } from '../../db/schema/redemptions';
import type { Actor } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { transition } from './redemption-state';
import type { LockedRedemption } from './redemptions.repository';

/**
 * What happens to an approved gift or voucher redemption after its approval (PRODUCT.md 3.6). The
 * pages that call these (Courier Redemption, Gift Vouchers) belong to their own module; each function
 * runs in the caller's transaction, locks the redemption, answers 409 on a wrong state (changing
 * nothing), records the state history and writes the audit entry.
 */

/** Gift: `approved → dispatched`, with courier company, AWB number and dispatch day. */
export const dispatchGift = (tx: Executor, actor: Actor, redemptionId: number, body: DispatchBody) =>
  transition(tx, actor, redemptionId, {
    to: 'dispatched',
    note: `${body.courierCompany} ${body.awb}`,
    set: { courierCompany: body.courierCompany, awb: body.awb, dispatchedOn: body.dispatchedOn },
    check: (row) => {
      if (body.dispatchedOn < istDayOf(row.createdAt))
        throw conflict('The dispatch date is before the redemption was requested', {
          dispatchedOn: 'The dispatch date is before the redemption was requested',
        });
    },
  });

/** Gift: `dispatched → delivered` on the given day. */
export const markGiftDelivered = (tx: Executor, actor: Actor, redemptionId: number, body: DeliveredBody) =>
  transition(tx, actor, redemptionId, {
    to: 'delivered',
    set: { deliveredOn: body.deliveredOn },
    check: (row) => {
      if (row.dispatchedOn && body.deliveredOn < row.dispatchedOn)
        throw conflict('The delivery date is before the dispatch date', {
          deliveredOn: 'The delivery date is before the dispatch date',
        });
    },
  });

/** Gift: `dispatched → returned` with the reason; the points go back to the member once. */
export const markGiftReturned = (tx: Executor, actor: Actor, redemptionId: number, reason: string) =>
  transition(tx, actor, redemptionId, { to: 'returned', note: reason, set: { reason } });

/**
 * Voucher: `approved → fulfilled` with the voucher issued to it. The redemption is locked and its
 * `voucher_id` is unique, so a redemption gets one voucher and a voucher one redemption under any
 * concurrency (the caller issues the voucher row itself in the same transaction).
 */
export const fulfil = (tx: Executor, redemptionId: number, voucherId: number, actor?: Actor) =>
  transition(tx, actor ?? { id: null, role: null, requestId: null }, redemptionId, {
    to: 'fulfilled',
    note: `Voucher ${voucherId}`,
    set: { voucherId, fulfilledAt: new Date() },
    check: (row) => {
      if (row.kind !== 'voucher') throw conflict('This redemption is not for an e-voucher');
    },
  });

/**
 * Approved voucher redemptions still waiting for a voucher, oldest first (locked, skipping ones
 * another transaction holds): what a new stock upload should fulfil.
 */
export async function waitingVoucherRedemptions(tx: Executor, limit = 100): Promise<LockedRedemption[]> {
  return tx
    .select()
    .from(redemptions)
    .where(
      and(eq(redemptions.kind, 'voucher'), eq(redemptions.status, 'approved'), isNull(redemptions.voucherId)),
    )
    .orderBy(redemptions.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The reward (brand, denomination) a voucher redemption needs. */
export async function voucherNeedOf(tx: Executor, redemptionId: number) {
  const result = await tx.execute(sql`
    select r.brand, r.denomination_paise as "denominationPaise"
    from redemptions d join rewards r on r.id = d.reward_id where d.id = ${redemptionId}`);
  return result.rows[0] as { brand: string | null; denominationPaise: number | null } | undefined;
}
