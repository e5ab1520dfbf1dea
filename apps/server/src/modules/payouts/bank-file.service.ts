import { type BankResponseResult, PAYOUT_ENTITY, PAYOUT_MESSAGES } from '@app/contract/payouts';
import { utrText } from '@app/contract/redemptions';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { payoutBatches, payoutLines } from '../../db/schema/payouts';
import { type Actor, audit } from '../../lib/audit';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { decryptText, encryptText } from '../../lib/field-crypto';
import { enetDate, enetFile, enetFileName, paiseOfRupees, parseReverseFile } from './hdfc-enet';
import { payeesOfBatch } from './payout-lines.repository';
import { applyOutcome } from './payout-outcomes';

const fileBatch = async (tx: Executor, batchId: number, lock: boolean) => {
  const query = tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  const [batch] = lock ? await query.for('update') : await query;
  if (!batch) throw notFound('Payout batch');
  if (batch.rail !== 'bank_file' || batch.status === 'draft' || batch.status === 'cancelled')
    throw conflict(PAYOUT_MESSAGES.notFileBatch);
  return batch;
};

/**
 * Produces the batch's file once and keeps it sealed with the batch; the account numbers are opened
 * only into its text. Two first takes at once may both build one: the first stored stands.
 */
async function produceBankFile(app: FastifyInstance, batchId: number): Promise<void> {
  const { db } = app.database;
  const now = new Date();
  const payees = await payeesOfBatch(db, batchId);
  const content = enetFile(
    payees.map((p) => ({
      redemptionId: p.redemptionId,
      accountNumber: decryptText(app.config, p.accountCipher),
      amountPaise: p.amountPaise,
      name: p.accountHolder,
      ifsc: p.ifsc,
      bankName: p.bankName,
    })),
    enetDate(now),
  );
  await db
    .update(payoutBatches)
    .set({ fileSealed: encryptText(app.config, content), fileProducedAt: now })
    .where(and(eq(payoutBatches.id, batchId), isNull(payoutBatches.fileSealed)));
}

/**
 * A copy of the bank file of a released bank-file batch. The file is produced at the first take and
 * kept (sealed), so a download lost on the way, or a server stopped mid-way, costs nothing: every
 * copy is the same bytes, numbered from 1, and audited (without any account number). Its lines stay
 * `queued` until the reverse file settles them.
 */
export async function takeBankFile(app: FastifyInstance, actor: Actor, batchId: number) {
  const { db } = app.database;
  const batch = await fileBatch(db, batchId, false);
  if (!batch.fileSealed) await produceBankFile(app, batchId);
  const taken = await db.transaction(async (tx) => {
    const { fileSealed, fileProducedAt, fileCopies, fileDownloadedAt } = await fileBatch(tx, batchId, true);
    if (!fileSealed || !fileProducedAt) throw new Error(`Payout batch ${batchId} has no bank file`);
    const copy = fileCopies + 1;
    await tx
      .update(payoutBatches)
      .set({
        fileCopies: copy,
        ...(fileDownloadedAt ? {} : { fileDownloadedBy: actor.id, fileDownloadedAt: new Date() }),
      })
      .where(eq(payoutBatches.id, batchId));
    await audit(tx, actor, {
      action: 'payout_batch.bank_file_downloaded',
      entity: PAYOUT_ENTITY,
      entityId: batchId,
      after: { format: 'HDFC ENet vendor payments', copy },
    });
    return { fileSealed, fileProducedAt, copy };
  });
  return {
    name: enetFileName(app.config.payouts.enetClientCode, taken.fileProducedAt, batchId),
    content: decryptText(app.config, taken.fileSealed),
    copy: taken.copy,
  };
}

/**
 * The bank's reverse file for a batch: each line found by its customer reference (`RDM<id>`) in
 * this batch, with the amount sent; E (executed) pays the redemption with the bank reference as UTR,
 * R (rejected) fails it with the reason and refunds its points once. Each line in its own
 * transaction; a line already settled is counted unchanged (an upload repeated changes nothing);
 * a line that does not fit is reported by its line number and changes nothing.
 */
export async function reconcileBankResponse(
  app: FastifyInstance,
  actor: Actor,
  batchId: number,
  text: string,
): Promise<BankResponseResult> {
  const { db } = app.database;
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) throw notFound('Payout batch');
  if (batch.rail !== 'bank_file' || !batch.fileDownloadedAt) throw conflict(PAYOUT_MESSAGES.notFileBatch);
  const lines = await db.select().from(payoutLines).where(eq(payoutLines.batchId, batchId));
  const byRedemption = new Map(lines.map((l) => [l.redemptionId, l]));
  const result: BankResponseResult = { rows: 0, processed: 0, failed: 0, unchanged: 0, errors: [] };
  const seen = new Set<number>();
  for (const r of parseReverseFile(text)) {
    result.rows++;
    const fail = (message: string) => result.errors.push({ row: r.row, message });
    const line = r.redemptionId === null ? undefined : byRedemption.get(r.redemptionId);
    if (!line) {
      fail(`Reference ${r.reference || '(blank)'} is not a line of batch ${batchId}`);
      continue;
    }
    if (seen.has(line.redemptionId)) {
      fail(`Reference ${r.reference} appears twice`);
      continue;
    }
    seen.add(line.redemptionId);
    if (paiseOfRupees(r.amount) !== line.amountPaise) {
      fail(`Amount ${r.amount} differs from the ${(line.amountPaise / 100).toFixed(2)} sent`);
      continue;
    }
    let outcome: Parameters<typeof applyOutcome>[2];
    if (r.status === 'E') {
      const utr = utrText.safeParse(r.utr);
      if (!utr.success) {
        fail(`Bank reference: ${utr.error.issues[0]!.message}`);
        continue;
      }
      outcome = {
        status: 'processed',
        providerPayoutId: null,
        providerStatus: 'E',
        utr: utr.data,
        failureReason: null,
      };
    } else if (r.status === 'R') {
      outcome = {
        status: 'failed',
        providerPayoutId: null,
        providerStatus: 'R',
        utr: null,
        failureReason: r.reason || 'Rejected by the bank',
      };
    } else {
      fail('Status must be E (executed) or R (rejected)');
      continue;
    }
    try {
      const applied = await db.transaction((tx) => applyOutcome(tx, line.id, outcome, actor));
      if (!applied) result.unchanged++;
      else if (outcome.status === 'processed') result.processed++;
      else result.failed++;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      fail(`UTR ${outcome.utr} is already on another redemption`);
    }
  }
  return result;
}
