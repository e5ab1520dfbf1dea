import {
  PAYOUT_ENTITY,
  PAYOUT_MESSAGES,
  type PayoutBatchCreateBody,
  type PayoutBatchDetail,
  type PayoutRail,
} from '@app/contract/payouts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { payoutBatches, payoutLines } from '../../db/schema/payouts';
import { redemptions } from '../../db/schema/redemptions';
import { type Actor, audit } from '../../lib/audit';
import { AppError, conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import { intArray, textArray } from '../../lib/raw-sql';
import { lockRedemptions, recomputeTds } from '../redemptions';
import { recordWebhookEvent } from '../webhooks';
import { batchDetail, payoutKeyOf, unpayable, unpayableMessage } from './payout-lines.repository';

/** With a verifier configured, a UPI id is paid only once verified (KYC Verification). */
const upiVerified = (app: FastifyInstance) => app.config.payouts.bankVerifier !== null;

export const PAYOUT_SEND_TASK = 'payouts.send';

/**
 * The transfer of a line: UPI to a UPI id; a bank account by IMPS under ₹2,00,000 (instant, round
 * the clock) and RTGS from ₹2,00,000 (its minimum). A bank file has no IMPS at every bank: NEFT there.
 */
export function transferMode(rail: PayoutRail, payout: string | null, amountPaise: number): string {
  if (payout === 'upi') return 'UPI';
  if (amountPaise >= 20_000_000) return 'RTGS';
  return rail === 'api' ? 'IMPS' : 'NEFT';
}

export async function loadBatch(tx: Executor, id: number): Promise<PayoutBatchDetail> {
  const batch = await batchDetail(tx, id);
  if (!batch) throw notFound('Payout batch');
  return batch;
}

/** The approved cash redemptions not in any batch whose net, oldest first, adds up to at most the amount. */
async function upTo(
  tx: Executor,
  rail: PayoutRail,
  limitPaise: number,
  upiMustBeVerified: boolean,
): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(sql`
    select id from (
      select r.id, sum(r.net_paise) over (order by r.id) as running
      from ${redemptions} r
      where r.kind = 'cash' and r.status = 'approved' and r.net_paise > 0
        and not exists (select 1 from ${payoutLines} l where l.redemption_id = r.id)
        and (${rail} = 'api' or r.payout = 'bank')
        and not exists (select 1 from kyc_submissions k where k.id = r.kyc_id and r.payout = 'bank'
          and k.bank_check_status in ('mismatch', 'failed'))
        and (not ${upiMustBeVerified} or r.payout <> 'upi' or exists (select 1 from kyc_submissions k
          where k.id = r.kyc_id and k.upi_check_status = 'verified'))
    ) x where running <= ${limitPaise} order by id`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * Prepares a batch (maker): each redemption locked, approved cash and in no other batch; a line per
 * redemption with its idempotency key. Nothing is paid until a second person releases it.
 */
export const createBatch = (app: FastifyInstance, actor: Actor, body: PayoutBatchCreateBody) =>
  app.database.db.transaction(async (tx) => {
    if (body.rail === 'api' && !app.config.payouts.razorpayx)
      throw fieldError('rail', PAYOUT_MESSAGES.railUnavailable);
    const ids = body.ids?.length
      ? body.ids
      : await upTo(tx, body.rail, body.upToRupees! * 100, upiVerified(app));
    if (ids.length === 0) throw fieldError('upToRupees', PAYOUT_MESSAGES.nothingToPay);
    const rows = await lockRedemptions(tx, ids);
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) throw fieldError('ids', `Redemption ${id} not found`);
      if (row.kind !== 'cash' || row.status !== 'approved')
        throw fieldError('ids', PAYOUT_MESSAGES.notApproved(id, row.status));
      if (body.rail === 'bank_file' && row.payout === 'upi')
        throw fieldError('ids', PAYOUT_MESSAGES.upiByFile(id));
    }
    const [blocked] = await unpayable(tx, ids, upiVerified(app));
    if (blocked) throw fieldError('ids', unpayableMessage(blocked));
    const taken = await tx
      .select({ id: payoutLines.redemptionId })
      .from(payoutLines)
      .where(sql`${payoutLines.redemptionId} = any(${intArray(ids)})`);
    if (taken.length > 0) throw fieldError('ids', PAYOUT_MESSAGES.alreadyBatched(taken[0]!.id));
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ rail: body.rail, createdBy: actor.id })
      .returning({ id: payoutBatches.id });
    const batchId = batch!.id;
    try {
      await tx.insert(payoutLines).values(
        ids.map((id) => {
          const row = rows.get(id)!;
          return {
            batchId,
            redemptionId: id,
            idempotencyKey: payoutKeyOf(id),
            mode: transferMode(body.rail, row.payout, row.netPaise),
            amountPaise: row.netPaise,
          };
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(PAYOUT_MESSAGES.alreadyBatched(ids[0]!));
      throw error;
    }
    await audit(tx, actor, {
      action: 'payout_batch.prepared',
      entity: PAYOUT_ENTITY,
      entityId: batchId,
      after: { rail: body.rail, redemptionIds: ids },
    });
    return loadBatch(tx, batchId);
  });

async function lockDraft(tx: Executor, id: number) {
  const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for('update');
  if (!batch) throw notFound('Payout batch');
  if (batch.status !== 'draft') throw conflict(PAYOUT_MESSAGES.notDraft(batch.status));
  return batch;
}

/**
 * Releases a prepared batch (checker, not its maker nor the approver of any of its redemptions): the
 * TDS of each line is recomputed on what stands now and its amount fixed, then the payouts are sent
 * by a background task (payout API) or the bank file is produced.
 */
export const releaseBatch = (app: FastifyInstance, actor: Actor, id: number) =>
  app.database.db.transaction(async (tx) => {
    const batch = await lockDraft(tx, id);
    if (actor.id !== null && batch.createdBy === actor.id)
      throw new AppError(409, 'maker_checker', PAYOUT_MESSAGES.makerChecker);
    const lines = await tx.select().from(payoutLines).where(eq(payoutLines.batchId, id));
    const rows = await lockRedemptions(
      tx,
      lines.map((line) => line.redemptionId),
    );
    const approvedByMe = lines.filter((line) => rows.get(line.redemptionId)?.approvedBy === actor.id);
    if (actor.id !== null && approvedByMe.length > 0)
      throw new AppError(
        409,
        'maker_checker',
        PAYOUT_MESSAGES.approverReleases(approvedByMe.map((line) => line.redemptionId)),
      );
    for (const line of lines) {
      const row = rows.get(line.redemptionId)!;
      if (row.status !== 'approved') throw conflict(PAYOUT_MESSAGES.notApproved(row.id, row.status));
    }
    const [blocked] = await unpayable(
      tx,
      lines.map((line) => line.redemptionId),
      upiVerified(app),
    );
    if (blocked) throw conflict(unpayableMessage(blocked));
    const all = [...rows.values()];
    await recomputeTds(
      tx,
      all.map((row) => ({ memberId: row.memberId, financialYear: row.financialYear })),
      actor,
      all.map((row) => row.id),
    );
    // The amounts paid are the nets as they stand after that recompute.
    const nets = await tx
      .select({ id: redemptions.id, net: redemptions.netPaise, payout: redemptions.payout })
      .from(redemptions)
      .where(sql`${redemptions.id} = any(${intArray(all.map((row) => row.id))})`);
    await tx.execute(sql`update ${payoutLines} l set amount_paise = x.net, mode = x.mode, updated_at = now()
      from unnest(${intArray(nets.map((n) => n.id))}, ${intArray(nets.map((n) => n.net))},
        ${textArray(nets.map((n) => transferMode(batch.rail as PayoutRail, n.payout, n.net)))}) as x(id, net, mode)
      where l.redemption_id = x.id and l.batch_id = ${id}`);
    await tx
      .update(payoutBatches)
      .set({ status: 'released', releasedBy: actor.id, releasedAt: new Date() })
      .where(eq(payoutBatches.id, id));
    if (batch.rail === 'api') await app.jobs.enqueue(tx, PAYOUT_SEND_TASK, { batchId: id }, actor.id);
    const detail = await loadBatch(tx, id);
    await recordWebhookEvent(tx, 'payout_batch.released', null, {
      batchId: id,
      rail: detail.rail,
      lines: detail.lines,
      totalPaise: detail.totalPaise,
    });
    await audit(tx, actor, {
      action: 'payout_batch.released',
      entity: PAYOUT_ENTITY,
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'released', lines: detail.lines, totalPaise: detail.totalPaise },
    });
    return detail;
  });

/** Cancels a prepared batch: its lines go, so their redemptions can be batched again. */
export const cancelBatch = (app: FastifyInstance, actor: Actor, id: number) =>
  app.database.db.transaction(async (tx) => {
    await lockDraft(tx, id);
    const removed = await tx
      .delete(payoutLines)
      .where(eq(payoutLines.batchId, id))
      .returning({ redemptionId: payoutLines.redemptionId });
    await tx.update(payoutBatches).set({ status: 'cancelled' }).where(eq(payoutBatches.id, id));
    await audit(tx, actor, {
      action: 'payout_batch.cancelled',
      entity: PAYOUT_ENTITY,
      entityId: id,
      before: { status: 'draft', redemptionIds: removed.map((r) => r.redemptionId) },
      after: { status: 'cancelled' },
    });
    return loadBatch(tx, id);
  });
