import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payoutBatches, payoutLines } from '../../db/schema/payouts';
import { decryptText } from '../../lib/field-crypto';
import { intArray, textArray } from '../../lib/raw-sql';
import { type PayeeRow, payeesOf, unsentLines } from './payout-lines.repository';
import { applyOutcome, type LineOutcome } from './payout-outcomes';
import {
  createPayout,
  failureOf,
  fetchPayout,
  lineStatusOf,
  PayoutApiError,
  type PayoutEntity,
  type RazorpayX,
} from './razorpayx';

/** Lines claimed and sent per round, and requests in flight at once. */
const CHUNK = 500;
const IN_FLIGHT = 16;

export const outcomeOf = (p: PayoutEntity): LineOutcome => {
  const status = lineStatusOf(p.status);
  return {
    status,
    providerPayoutId: p.id,
    providerStatus: p.status,
    utr: p.utr ?? null,
    failureReason: status === 'failed' || status === 'reversed' ? failureOf(p) : null,
  };
};

function requestOf(app: FastifyInstance, payee: PayeeRow) {
  const fundAccount =
    payee.payout === 'upi' && payee.upiId
      ? ({ account_type: 'vpa', vpa: { address: payee.upiId } } as const)
      : ({
          account_type: 'bank_account',
          bank_account: {
            name: payee.accountHolder,
            ifsc: payee.ifsc,
            // Opened only into the request body, never stored or logged.
            account_number: decryptText(app.config, payee.accountCipher),
          },
        } as const);
  return {
    idempotencyKey: payee.idempotencyKey,
    amountPaise: payee.amountPaise,
    mode: payee.mode,
    referenceId: payee.idempotencyKey,
    narration: `Loyalty redemption ${payee.redemptionId}`.slice(0, 30),
    contact: { name: payee.accountHolder, reference_id: payee.memberCode },
    fundAccount,
  };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/**
 * Sends lines to RazorpayX, a chunk at a time: the chunk is first marked `sending` (committed), then
 * each payout is requested under its line's idempotency key, then every answer is recorded. A process
 * killed after sending and before recording leaves the lines `sending`; sending them again (the
 * task's retry, or the poll) asks with the same keys, and RazorpayX answers the payouts it already
 * made, so no redemption is paid twice. An unanswered request stays `sending` (resent later); a
 * request refused as invalid fails its line (points refunded). Returns the lines still unsent.
 */
export async function sendLines(app: FastifyInstance, lineIds: readonly number[]): Promise<number> {
  const x = app.config.payouts.razorpayx;
  if (!x) throw new Error('RazorpayX is not configured');
  const { db } = app.database;
  let unsent = 0;
  const chunks: number[][] = [];
  for (let i = 0; i < lineIds.length; i += CHUNK) chunks.push(lineIds.slice(i, i + CHUNK));
  // Claimed (committed as `sending`) before any of its requests leaves; the next chunk is claimed and
  // read, and the last one's answers recorded, while this one's requests are in flight.
  const prepare = async (chunk: number[]) => {
    await db
      .update(payoutLines)
      .set({ status: 'sending', attempts: sql`${payoutLines.attempts} + 1`, sentAt: new Date() })
      .where(
        sql`${payoutLines.id} = any(${intArray(chunk)}) and ${payoutLines.status} in ('queued', 'sending')`,
      );
    return payeesOf(db, chunk);
  };
  const quiet = <T>(promise: Promise<T>) => {
    promise.catch(() => {});
    return promise;
  };
  let next = chunks.length > 0 ? quiet(prepare(chunks[0]!)) : null;
  const recordings: Promise<void>[] = [];
  for (let c = 0; c < chunks.length; c++) {
    const payees = await next!;
    next = c + 1 < chunks.length ? quiet(prepare(chunks[c + 1]!)) : null;
    const answers: { lineId: number; outcome: LineOutcome }[] = [];
    await pool(payees, IN_FLIGHT, async (payee) => {
      try {
        answers.push({
          lineId: payee.lineId,
          outcome: outcomeOf(await createPayout(x, app.config.payouts.timeoutMs, requestOf(app, payee))),
        });
      } catch (error) {
        if (!(error instanceof PayoutApiError) || !error.permanent) {
          unsent++;
          return;
        }
        answers.push({
          lineId: payee.lineId,
          outcome: {
            status: 'failed',
            providerPayoutId: null,
            providerStatus: `http_${error.status}`,
            utr: null,
            failureReason: error.message,
          },
        });
      }
    });
    recordings.push(quiet(recordAnswers(app, answers)));
  }
  await Promise.all(recordings);
  return unsent;
}

/** Pending answers in one statement; final ones each in their own transaction (they move money). */
async function recordAnswers(app: FastifyInstance, answers: { lineId: number; outcome: LineOutcome }[]) {
  const { db } = app.database;
  const pending = answers.filter((a) => a.outcome.status === 'pending');
  if (pending.length > 0)
    await db.execute(sql`update ${payoutLines} l set status = 'pending', provider_payout_id = x.pid,
        provider_status = x.pstatus, updated_at = now()
      from unnest(${intArray(pending.map((a) => a.lineId))},
        ${textArray(pending.map((a) => a.outcome.providerPayoutId ?? ''))},
        ${textArray(pending.map((a) => a.outcome.providerStatus))}) as x(id, pid, pstatus)
      where l.id = x.id and l.status = 'sending'`);
  for (const a of answers)
    if (a.outcome.status !== 'pending') await db.transaction((tx) => applyOutcome(tx, a.lineId, a.outcome));
}

/** The send task: every unsent line of the batch. Throws while some stay unanswered (the task retries). */
export async function sendBatch(app: FastifyInstance, batchId: number): Promise<void> {
  const lines = await unsentLines(app.database.db, batchId);
  const unsent = await sendLines(
    app,
    lines.map((l) => l.id),
  );
  if (unsent > 0) throw new Error(`${unsent} payouts unanswered; they are sent again with the same keys`);
}

/**
 * The poll (every few minutes): lines left `sending` by a crash are sent again (same keys), and the
 * status of every pending payout is asked for and recorded, for webhooks that never arrived.
 */
export async function pollPayouts(app: FastifyInstance): Promise<{ resent: number; settled: number }> {
  const x = app.config.payouts.razorpayx;
  if (!x) return { resent: 0, settled: 0 };
  const { db } = app.database;
  const stale = await unsentLines(db);
  await sendLines(
    app,
    stale.map((l) => l.id),
  );
  const pending = await db
    .select({ id: payoutLines.id, payoutId: payoutLines.providerPayoutId })
    .from(payoutLines)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutLines.batchId))
    .where(and(eq(payoutLines.status, 'pending'), eq(payoutBatches.rail, 'api')));
  let settled = 0;
  await pool(pending, IN_FLIGHT, async (line) => {
    if (!line.payoutId) return;
    const payout = await fetchPayout(x as RazorpayX, app.config.payouts.timeoutMs, line.payoutId).catch(
      () => null,
    );
    if (!payout || lineStatusOf(payout.status) === 'pending') return;
    if (await db.transaction((tx) => applyOutcome(tx, line.id, outcomeOf(payout)))) settled++;
  });
  return { resent: stale.length, settled };
}
