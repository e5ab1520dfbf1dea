import { FINAL_LINE_STATUSES, PAYOUT_ENTITY } from '@app/contract/payouts';
import { REDEMPTION_ENTITY } from '@app/contract/redemptions';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutBatches, payoutLines } from '../../db/schema/payouts';
import { type Actor, audit } from '../../lib/audit';
import { lockRedemption, moveRedemption } from '../redemptions';

/** The system recording a provider's answer (webhook, poll or the send task): no staff account. */
export const PAYOUT_SYSTEM: Actor = { id: null, role: 'system', requestId: null };

export interface LineOutcome {
  status: 'pending' | 'processed' | 'failed' | 'reversed';
  providerPayoutId: string | null;
  providerStatus: string;
  utr: string | null;
  failureReason: string | null;
}

const isFinal = (status: string) => (FINAL_LINE_STATUSES as readonly string[]).includes(status);

/**
 * Records a provider's answer for one line, in the caller's transaction, exactly once:
 * - pending: the provider's id is kept (the line will not be sent again);
 * - processed: the redemption is paid with the UTR (paid by the batch's releaser), its TDS fixed at
 *   what was withheld (value − amount paid);
 * - failed, or reversed after processed: the redemption fails, its points come back once (unique
 *   refund reference) and the member's year's TDS is recomputed without it.
 * A final line changes only processed → reversed; anything else (a replay, a late "pending") changes
 * nothing and answers false.
 */
export async function applyOutcome(
  tx: Executor,
  lineId: number,
  outcome: LineOutcome,
  actor: Actor = PAYOUT_SYSTEM,
): Promise<boolean> {
  const [line] = await tx.select().from(payoutLines).where(eq(payoutLines.id, lineId)).for('update');
  if (!line) return false;
  const reversal = line.status === 'processed' && outcome.status === 'reversed';
  if (isFinal(line.status) && !reversal) return false;
  if (line.status === 'pending' && outcome.status === 'pending' && line.providerPayoutId) return false;
  const now = new Date();
  await tx
    .update(payoutLines)
    .set({
      status: outcome.status,
      providerPayoutId: outcome.providerPayoutId ?? line.providerPayoutId,
      providerStatus: outcome.providerStatus,
      utr: outcome.utr ?? line.utr,
      failureReason: outcome.failureReason,
      settledAt: isFinal(outcome.status) ? now : null,
      updatedAt: now,
    })
    .where(eq(payoutLines.id, lineId));
  if (outcome.status === 'pending') return true;
  const row = await lockRedemption(tx, line.redemptionId);
  if (!row) return true;
  if (outcome.status === 'processed') {
    const [batch] = await tx
      .select({ releasedBy: payoutBatches.releasedBy })
      .from(payoutBatches)
      .where(eq(payoutBatches.id, line.batchId));
    await audit(
      tx,
      actor,
      await moveRedemption(tx, row, {
        to: 'paid',
        staffId: null,
        actor,
        note: `Payout ${outcome.providerPayoutId ?? line.idempotencyKey}, UTR ${outcome.utr ?? '—'}`,
        set: {
          utr: outcome.utr,
          paidBy: batch?.releasedBy ?? null,
          paidAt: now,
          netPaise: line.amountPaise,
          tdsPaise: row.valuePaise - line.amountPaise,
        },
      }),
    );
  } else if (row.status === 'approved' || row.status === 'paid') {
    const reason = outcome.failureReason ?? `Payout ${outcome.status}`;
    await audit(
      tx,
      actor,
      await moveRedemption(tx, row, { to: 'failed', staffId: null, actor, note: reason, set: { reason } }),
    );
  }
  await audit(tx, actor, {
    action: `payout.${outcome.status}`,
    entity: PAYOUT_ENTITY,
    entityId: line.batchId,
    before: { line: lineId, status: line.status },
    after: { line: lineId, redemptionId: line.redemptionId, ...outcome, entity: REDEMPTION_ENTITY },
  });
  await completeIfSettled(tx, line.batchId);
  return true;
}

/** A released batch whose every line is final is completed. */
export async function completeIfSettled(tx: Executor, batchId: number): Promise<void> {
  await tx.execute(sql`update ${payoutBatches} set status = 'completed', completed_at = now()
    where id = ${batchId} and status = 'released' and not exists (
      select 1 from ${payoutLines} where batch_id = ${batchId}
        and status not in ('processed', 'failed', 'reversed'))`);
}
