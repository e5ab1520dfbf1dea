import type { Executor } from '../../db/client';
import { type Actor, type AuditEntry, audit } from '../../lib/audit';
import type { LockedRedemption } from '../redemptions';
import { fulfil, moveRedemption, voucherNeedOf, waitingVoucherRedemptions } from '../redemptions';
import { type IssuedVoucher, takeVoucher } from './voucher-stock';

/**
 * Issues a voucher from stock to an approved voucher redemption and moves it to fulfilled, in the
 * caller's transaction (which holds the redemption's lock). Without stock of its brand and
 * denomination it answers null and the redemption stays approved, visibly waiting for stock.
 */
export async function issueVoucher(
  tx: Executor,
  redemptionId: number,
  actor?: Actor,
): Promise<IssuedVoucher | null> {
  const need = await voucherNeedOf(tx, redemptionId);
  if (!need?.brand || !need.denominationPaise) return null;
  const voucher = await takeVoucher(tx, {
    brand: need.brand,
    denominationPaise: need.denominationPaise,
    redemptionId,
  });
  if (voucher) await fulfil(tx, redemptionId, voucher.id, actor);
  return voucher;
}

/** Waiting redemptions looked at per stock change (the oldest; the next change reaches the rest). */
const WAITING_PER_PASS = 1_000;

/**
 * After stock is added: the redemptions waiting for a voucher, oldest first, each issued one if its
 * brand and denomination is now in stock. Redemptions another transaction holds are skipped (it is
 * deciding or fulfilling them). Answers how many were fulfilled.
 */
export async function fulfilWaiting(tx: Executor, actor?: Actor): Promise<number> {
  let fulfilled = 0;
  for (const redemption of await waitingVoucherRedemptions(tx, WAITING_PER_PASS))
    if (await issueVoucher(tx, redemption.id, actor)) fulfilled++;
  return fulfilled;
}

/**
 * The approval of a voucher redemption (Approvals → Redemption) issues its voucher at once, in the
 * decision's transaction: with stock, the approval is audited here and the fulfilment's entry is
 * the one the decision writes last, so the history reads approved → fulfilled; without stock the
 * approval stands alone and the redemption waits.
 */
export async function issueOnApproval(
  tx: Executor,
  row: LockedRedemption,
  actor: Actor,
  approval: AuditEntry,
): Promise<AuditEntry> {
  const need = await voucherNeedOf(tx, row.id);
  if (!need?.brand || !need.denominationPaise) return approval;
  const voucher = await takeVoucher(tx, {
    brand: need.brand,
    denominationPaise: need.denominationPaise,
    redemptionId: row.id,
  });
  if (!voucher) return approval;
  await audit(tx, actor, approval);
  return moveRedemption(
    tx,
    { ...row, status: 'approved' },
    {
      to: 'fulfilled',
      staffId: actor.id,
      actor,
      note: `Voucher ${voucher.id}`,
      set: { voucherId: voucher.id, fulfilledAt: new Date() },
    },
  );
}
