import type { DecisionResult } from '@app/contract/decisions';
import {
  type AppRedemption,
  type AppVoucherRevealed,
  type CashQuote,
  REDEMPTION_ENTITY,
  REDEMPTION_MESSAGES,
  type RedemptionRequestBody,
  type RedemptionRow,
} from '@app/contract/redemptions';
import { HELD_POINTS_MESSAGES } from '@app/contract/scan-holds';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { kycSubmissions } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { redemptionEvents, redemptions, rewards } from '../../db/schema/redemptions';
import { type Actor, type AuditEntry, audit } from '../../lib/audit';
import { type DecisionFlow, decideMany, decideOne } from '../../lib/decisions';
import { AppError, conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import type { IdempotencyContext } from '../../lib/idempotency';
import { idempotent } from '../../lib/idempotency';
import { issueOnApproval, orderWaiting, voucherInStock, voucherOfRedemption } from '../gift-vouchers';
import { insufficientBalance, postEntry } from '../ledger';
import { lockMember } from '../members';
import { refuseBatched } from '../payouts';
import { checkRedemptionLimits } from '../points-limits';
import { paisePerPoint } from '../points-settings';
import { recordWebhookEvent } from '../webhooks';
import { cashTerms, newRedemptionTds, payoutToOf } from './cash-terms';
import { redemptionSettingsInForce } from './redemption-settings';
import {
  type Move,
  moveRedemption,
  moveRedemptions,
  redemptionReference,
  transition,
  wrongStateMessage,
} from './redemption-state';
import {
  findRedemption,
  type LockedRedemption,
  lockRedemption,
  lockRedemptions,
  memberRedemptions,
} from './redemptions.repository';

const refused = (code: string, message: string) => new AppError(409, code, message);

/** The member's latest KYC submission. */
async function latestKyc(tx: Executor, memberId: number) {
  const [row] = await tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.memberId, memberId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/**
 * A member's redemption request, in the caller's transaction. The member row is locked first, so one
 * member's requests run one at a time: the financial-year total behind the TDS is exact, and the hold
 * (`redemption_hold`) can never take the balance below zero — a request the balance does not cover
 * answers 409 and leaves nothing behind (no row, no stock taken).
 */
export async function requestIn(
  tx: Executor,
  memberId: number,
  body: RedemptionRequestBody,
  now: Date = new Date(),
): Promise<AppRedemption> {
  const member = await lockMember(tx, memberId);
  if (!member) throw notFound('Member');
  if (member.status === 'blocked') throw refused('member_blocked', REDEMPTION_MESSAGES.memberBlocked);
  if (member.status === 'rejected') throw refused('member_rejected', REDEMPTION_MESSAGES.memberRejected);
  if (member.status !== 'approved')
    throw refused('member_not_approved', REDEMPTION_MESSAGES.memberNotApproved);
  const kyc = await latestKyc(tx, memberId);
  if (kyc?.status !== 'approved' || member.kycStatus !== 'approved')
    throw refused('kyc_not_approved', REDEMPTION_MESSAGES.kycNotApproved);
  const settings = await redemptionSettingsInForce(tx);

  let points: number;
  let rewardId: number | null = null;
  let payoutTo: string | null = null;
  let shipTo: RedemptionRequestBody['address'] | null = null;
  const quantity = body.kind === 'cash' ? 1 : body.quantity;
  if (body.kind === 'cash') {
    points = body.points!;
    if (points < settings.minCashPoints)
      throw fieldError('points', REDEMPTION_MESSAGES.belowMinimum(settings.minCashPoints));
    payoutTo = payoutToOf(kyc, body.payout ?? 'bank');
  } else {
    const [reward] = await tx.select().from(rewards).where(eq(rewards.id, body.rewardId!));
    if (!reward?.active || !reward.eligibleTypes.includes(member.type))
      throw fieldError('rewardId', REDEMPTION_MESSAGES.rewardUnavailable);
    if ((body.kind === 'gift') !== (reward.type === 'physical'))
      throw fieldError('kind', REDEMPTION_MESSAGES.wrongKind);
    if (body.kind === 'voucher' && settings.voucherOutOfStock === 'refuse') {
      const [stock] = await tx
        .execute<{ inStock: boolean }>(
          sql`select ${voucherInStock(sql`${reward.brand}::text`, sql`${reward.denominationPaise}::int`)} as "inStock"`,
        )
        .then((result) => result.rows);
      if (!stock?.inStock) throw refused('out_of_stock', REDEMPTION_MESSAGES.outOfStock);
    }
    rewardId = reward.id;
    points = reward.pointsCost * quantity;
    if (body.kind === 'gift')
      shipTo = body.address ?? {
        line: member.addressLine,
        city: member.city,
        district: member.district,
        state: member.state,
        pincode: member.pincode,
      };
  }
  // Caps and limits: the minimum balance and the monthly limit, under the member's lock.
  // Held points (scan holds awaiting review) are part of the balance but not redeemable: every
  // redemption (gift, voucher, cash/UPI) comes through here under the member's lock, and post_points
  // refuses a debit into them as well.
  const available = member.balance - member.heldPoints;
  await checkRedemptionLimits(tx, { ...member, balance: available }, points);
  if (member.balance < points) throw insufficientBalance();
  if (available < points) {
    const text = HELD_POINTS_MESSAGES.notAvailable(Math.max(0, available), member.heldPoints);
    throw new AppError(409, 'points_on_hold', member.language === 'hi' ? text.hi : text.en);
  }
  if (rewardId !== null && body.kind === 'gift') {
    const taken = await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} - ${quantity}` })
      .where(and(eq(rewards.id, rewardId), sql`${rewards.stock} >= ${quantity}`))
      .returning({ id: rewards.id });
    if (taken.length === 0) throw refused('out_of_stock', REDEMPTION_MESSAGES.outOfStock);
  }

  const ppp = await paisePerPoint(tx);
  const valuePaise = points * ppp;
  const tds = await newRedemptionTds(tx, memberId, kyc, settings, valuePaise, now);
  const { financialYear, priorFyValuePaise, panOnFile } = tds;
  const cash = body.kind === 'cash';
  const [row] = await tx
    .insert(redemptions)
    .values({
      memberId,
      kind: body.kind,
      rewardId,
      quantity,
      points,
      paisePerPoint: ppp,
      valuePaise,
      financialYear,
      priorFyValuePaise,
      panOnFile,
      tdsRateBp: tds.rateBp,
      tdsPaise: tds.tdsPaise,
      tdsBorneBy: cash ? 'member' : 'company',
      netPaise: cash ? valuePaise - tds.tdsPaise : valuePaise,
      payout: cash ? (body.payout ?? 'bank') : null,
      payoutTo,
      kycId: kyc.id,
      shipTo,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: redemptions.id });
  const id = row!.id;
  const hold = await postEntry(tx, {
    memberId,
    amount: -points,
    kind: 'redemption_hold',
    reference: redemptionReference(id),
    note: `Redemption ${id}`,
  });
  await tx.update(redemptions).set({ holdEntryId: hold.entryId }).where(eq(redemptions.id, id));
  await tx
    .insert(redemptionEvents)
    .values({ redemptionId: id, toStatus: 'requested', byMember: true, at: now });
  await recordWebhookEvent(tx, 'redemption.requested', memberId, {
    memberId,
    redemptionId: id,
    kind: body.kind,
    points,
    status: 'requested',
    note: null,
  });
  return (await memberRedemptions(tx, memberId, id))[0]!;
}

/** `POST /api/app/redemptions`: the request under the member's Idempotency-Key. */
export const requestRedemption = (
  app: FastifyInstance,
  memberId: number,
  body: RedemptionRequestBody,
  ctx: IdempotencyContext,
) => idempotent(app, ctx, (tx: Tx) => requestIn(tx, memberId, body));

/**
 * `GET /api/app/redemptions/cash-quote`: what a cash redemption would pay now, for the member to
 * confirm. The same checks as the request (standing, KYC, minimum, the payout on file, the points
 * available) and the same TDS computation, without holding anything.
 */
export async function quoteCash(
  app: FastifyInstance,
  memberId: number,
  query: { points: number; payout: 'bank' | 'upi' },
): Promise<CashQuote> {
  return app.database.db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    if (!member) throw notFound('Member');
    if (member.status !== 'approved')
      throw refused('member_not_approved', REDEMPTION_MESSAGES.memberNotApproved);
    const kyc = await latestKyc(tx, memberId);
    if (kyc?.status !== 'approved' || member.kycStatus !== 'approved')
      throw refused('kyc_not_approved', REDEMPTION_MESSAGES.kycNotApproved);
    const settings = await redemptionSettingsInForce(tx);
    const terms = await cashTerms(tx, { memberId, kyc, settings, ...query, now: new Date() });
    if (member.balance - member.heldPoints < query.points)
      throw fieldError('points', insufficientBalance().message);
    const { priorFyValuePaise: _prior, panOnFile: _pan, paisePerPoint: _ppp, ...quote } = terms;
    return quote;
  });
}

/** The member cancels their own request before it is decided; the points come back once. */
export async function cancelIn(
  tx: Executor,
  memberId: number,
  redemptionId: number,
  requestId: string | null,
) {
  const row = await lockRedemption(tx, redemptionId);
  if (!row || row.memberId !== memberId) throw notFound('Redemption');
  if (row.status !== 'requested') throw conflict(wrongStateMessage(row, 'cancelled'));
  await audit(
    tx,
    { id: null, role: 'member', requestId },
    await moveRedemption(tx, row, {
      to: 'cancelled',
      staffId: null,
      actor: { id: null, role: 'member', requestId },
      byMember: true,
      note: 'Cancelled by the member',
    }),
  );
  return (await memberRedemptions(tx, memberId, redemptionId))[0]!;
}

export const cancelRedemption = (
  app: FastifyInstance,
  memberId: number,
  redemptionId: number,
  ctx: IdempotencyContext,
  requestId: string | null,
) => idempotent(app, ctx, (tx: Tx) => cancelIn(tx, memberId, redemptionId, requestId));

/**
 * `POST /api/app/redemptions/:id/voucher`: the member who redeemed sees their e-voucher's code and full
 * PIN. Each reveal is recorded (an audit entry by the member, in the same transaction); another
 * member's redemption, or one without a voucher yet, answers 404.
 */
export const revealVoucher = (
  app: FastifyInstance,
  memberId: number,
  redemptionId: number,
  requestId: string | null,
): Promise<AppVoucherRevealed> =>
  app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ memberId: redemptions.memberId })
      .from(redemptions)
      .where(eq(redemptions.id, redemptionId));
    if (row?.memberId !== memberId) throw notFound('Redemption');
    const voucher = await voucherOfRedemption(tx, app.config.encryptionKey, redemptionId);
    if (!voucher) throw new AppError(404, 'not_found', REDEMPTION_MESSAGES.noVoucher);
    await audit(
      tx,
      { id: null, role: 'member', requestId },
      {
        action: 'redemption.voucher_revealed',
        entity: REDEMPTION_ENTITY,
        entityId: redemptionId,
        after: { memberId, voucherId: voucher.id },
      },
    );
    const { id: _id, ...shown } = voucher;
    return shown;
  });

/** The move a decision makes: approved (with its approver) or rejected (with the reason). */
const decisionMove = (actor: Actor, result: DecisionResult, reason: string | null): Move => ({
  to: result,
  staffId: actor.id,
  actor,
  note: reason,
  set:
    result === 'approved'
      ? { approvedBy: actor.id, approvedAt: new Date(), decidedBy: actor.id }
      : { decidedBy: actor.id, reason },
});

/** A voucher redemption takes its voucher from stock at once on approval, or waits for stock. */
const issuingVoucher = (tx: Tx, row: LockedRedemption, actor: Actor, approval: AuditEntry) =>
  row.kind === 'voucher' ? issueOnApproval(tx, row, actor, approval) : approval;

/**
 * Approve or reject a requested redemption (Approvals → Redemption), one or many through the decision
 * mechanism: locked, 409 on a wrong state, a reason to reject, audited. Rejection refunds the hold.
 * Many at once are set-based (one UPDATE and one history INSERT per chunk); a refund and a voucher's
 * issue still go row by row.
 */
export const redemptionDecisions: DecisionFlow<LockedRedemption> = {
  entity: 'Redemption',
  lock: lockRedemption,
  lockMany: lockRedemptions,
  wrongState: (row) => (row.status === 'requested' ? null : `This redemption is already ${row.status}`),
  reasonRequired: { results: ['rejected'], field: 'reason' },
  apply: async (tx, row, { actor, result, reason }) => {
    const entry = await moveRedemption(tx, row, decisionMove(actor, result, reason));
    return result === 'approved' ? issuingVoucher(tx, row, actor, entry) : entry;
  },
  applyMany: async (tx, rows, { actor, result, reason }) => {
    const entries = await moveRedemptions(tx, rows, decisionMove(actor, result, reason));
    if (result !== 'approved') return entries;
    for (const [i, row] of rows.entries()) entries[i] = await issuingVoucher(tx, row, actor, entries[i]!);
    return entries;
  },
};

const loadRow = async (tx: Executor, id: number): Promise<RedemptionRow> => {
  const row = await findRedemption(tx, id);
  if (!row) throw notFound('Redemption');
  return row;
};
export const getRedemption = (app: FastifyInstance, id: number) => loadRow(app.database.db, id);

/**
 * Approve or reject. An approved voucher redemption that found no stock is then ordered from the
 * voucher provider, if one is configured (the order and its task commit together; the sweep orders
 * any whose queueing never committed).
 */
export async function decideRedemption(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  result: DecisionResult,
  reason: string | null,
) {
  const row = await decideOne(
    app,
    redemptionDecisions,
    id,
    { actor, result, reason, input: undefined },
    loadRow,
  );
  if (result === 'approved') await orderWaiting(app, actor, [id]);
  return row;
}

export async function decideRedemptions(
  app: FastifyInstance,
  actor: Actor,
  ids: number[],
  result: DecisionResult,
  reason: string | null,
) {
  const outcomes = await decideMany(app, redemptionDecisions, ids, {
    actor,
    result,
    reason,
    input: undefined,
  });
  if (result === 'approved')
    await orderWaiting(
      app,
      actor,
      outcomes.filter((o) => o.outcome === 'approved').map((o) => o.id),
    );
  return outcomes;
}

/**
 * Cash: `approved → paid` with the bank's UTR. Maker-checker: the staff account that approved it
 * cannot mark it paid (409). A UTR already on another redemption is refused on the field.
 */
export async function markPaidIn(tx: Executor, actor: Actor, id: number, utr: string) {
  const [other] = await tx
    .select({ id: redemptions.id })
    .from(redemptions)
    .where(and(eq(redemptions.utr, utr), sql`${redemptions.id} <> ${id}`));
  if (other) throw conflict(REDEMPTION_MESSAGES.utrTaken, { utr: REDEMPTION_MESSAGES.utrTaken });
  await refuseBatched(tx, id);
  try {
    await tx.transaction((sp) =>
      transition(sp, actor, id, {
        to: 'paid',
        note: `UTR ${utr}`,
        set: { utr, paidBy: actor.id, paidAt: new Date() },
        check: (row) => {
          if (actor.id !== null && row.approvedBy === actor.id)
            throw new AppError(409, 'maker_checker', REDEMPTION_MESSAGES.paidByApprover);
        },
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(REDEMPTION_MESSAGES.utrTaken, { utr: REDEMPTION_MESSAGES.utrTaken });
    throw error;
  }
}

export const markPaid = (app: FastifyInstance, actor: Actor, id: number, utr: string) =>
  app.database.db.transaction(async (tx) => {
    await markPaidIn(tx, actor, id, utr);
    return loadRow(tx, id);
  });

/** Cash: `approved → failed` with the reason; the points go back once. */
export const markFailed = (app: FastifyInstance, actor: Actor, id: number, reason: string) =>
  app.database.db.transaction(async (tx) => {
    await transition(tx, actor, id, {
      to: 'failed',
      note: reason,
      set: { reason },
      check: (row) => {
        if (row.status !== 'approved') throw conflict(wrongStateMessage(row, 'failed'));
      },
    });
    await refuseBatched(tx, id);
    return loadRow(tx, id);
  });
