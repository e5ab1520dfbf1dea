import { todayInIndia } from '@app/contract/format';
import {
  LIMITS_MESSAGES,
  type PointsLimitsBody,
  type PointsLimitsRow,
  REDEMPTION_LIMIT_MESSAGES,
} from '@app/contract/points-limits';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { fieldError, notFound } from '../../lib/errors';
import * as repo from './points-limits.repository';

export const POINTS_LIMITS_ENTITY = 'points_limits';

type StaffActor = Actor & { id: number };

async function load(db: Executor, id: number): Promise<PointsLimitsRow> {
  const row = await repo.findLimits(db, id);
  if (!row) throw notFound('Limits');
  return row;
}

export const listLimits = (app: FastifyInstance) => repo.listLimits(app.database.db);

const snapshot = (l: PointsLimitsRow) => ({
  scanPointsPerDay: l.scanPointsPerDay,
  scanPointsPerMonth: l.scanPointsPerMonth,
  redeemMinBalance: l.redeemMinBalance,
  redeemPointsPerMonth: l.redeemPointsPerMonth,
  effectiveFrom: l.effectiveFrom,
  status: l.status,
  note: l.note,
});

/** A change of caps and limits, requested: it applies to nothing until someone else approves it. */
export async function requestLimits(app: FastifyInstance, actor: StaffActor, body: PointsLimitsBody) {
  if (body.effectiveFrom < todayInIndia()) throw fieldError('effectiveFrom', LIMITS_MESSAGES.pastDate);
  return app.database.db.transaction(async (tx) => {
    const id = await repo.insertLimits(tx, {
      scanPointsPerDay: body.scanPointsPerDay ?? null,
      scanPointsPerMonth: body.scanPointsPerMonth ?? null,
      redeemMinBalance: body.redeemMinBalance ?? null,
      redeemPointsPerMonth: body.redeemPointsPerMonth ?? null,
      effectiveFrom: body.effectiveFrom,
      note: body.note ?? null,
      requestedBy: actor.id,
    });
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'points_limits.requested',
      entity: POINTS_LIMITS_ENTITY,
      entityId: id,
      after: snapshot(after),
    });
    return after;
  });
}

/** Maker-checker through the shared mechanism: the requester cannot decide; a rejection needs a reason. */
const limitsDecisions: DecisionFlow<repo.LockedLimits> = {
  entity: 'Limits',
  lock: (tx: Tx, id: number) => repo.lockLimits(tx, id),
  wrongState: (l) => (l.status !== 'pending' ? `These limits are already ${l.status}` : null),
  makers: (l) => [l.requestedBy],
  makerMessage: LIMITS_MESSAGES.makerChecker,
  reasonRequired: { results: ['rejected'], field: 'reason' },
  async apply(tx, { id }, { actor, result, reason }) {
    const before = await load(tx, id);
    await repo.decideLimits(tx, id, { status: result, by: actor.id!, reason });
    const after = await load(tx, id);
    return {
      action: result === 'approved' ? 'points_limits.approved' : 'points_limits.rejected',
      entity: POINTS_LIMITS_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), reason },
    };
  },
};

export const decideLimits = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: 'approved' | 'rejected',
  reason: string | null,
) => decideOne(app, limitsDecisions, id, { actor, result, reason, input: undefined }, load);

/**
 * The redemption limits in force, checked in the caller's transaction, which must hold the member's
 * row lock (so concurrent requests of one member count one another): the balance the member needs
 * before any redemption (field `balance`) and the points they may redeem per calendar month, IST
 * (field `points`). The message is in the member's language.
 */
export async function checkRedemptionLimits(
  tx: Executor,
  member: { id: number; balance: number; language: string | null },
  points: number,
): Promise<void> {
  const limits = await repo.limitsInForce(tx);
  const say = (text: { en: string; hi: string }) => (member.language === 'hi' ? text.hi : text.en);
  if (limits.redeemMinBalance !== null && member.balance < limits.redeemMinBalance)
    throw fieldError('balance', say(REDEMPTION_LIMIT_MESSAGES.minBalance(limits.redeemMinBalance)));
  if (limits.redeemPointsPerMonth !== null) {
    const used = await repo.redeemedThisMonth(tx, member.id);
    if (used + points > limits.redeemPointsPerMonth)
      throw fieldError(
        'points',
        say(
          REDEMPTION_LIMIT_MESSAGES.monthly(
            limits.redeemPointsPerMonth,
            Math.max(0, limits.redeemPointsPerMonth - used),
          ),
        ),
      );
  }
}
