import { todayInIndia } from '@app/contract/format';
import {
  EXPIRY_MESSAGES,
  EXPIRY_REMINDER_DAYS,
  type ExpiryPolicy,
  type ExpiryPolicyBody,
} from '@app/contract/points-expiry';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { fieldError, notFound } from '../../lib/errors';
import { queueStepMessage } from '../messages/outbox';
import * as repo from './points-expiry.repository';

export const EXPIRY_POLICY_ENTITY = 'points_expiry_policy';

type StaffActor = Actor & { id: number };

async function load(db: Executor, id: number): Promise<ExpiryPolicy> {
  const row = await repo.findPolicy(db, id);
  if (!row) throw notFound('Expiry policy');
  return row;
}

export const listPolicies = (app: FastifyInstance) => repo.listPolicies(app.database.db);
export const liability = (app: FastifyInstance) => repo.liability(app.database.db);
export const memberExpiring = (app: FastifyInstance, memberId: number) =>
  repo.memberExpiring(app.database.db, memberId);

/** A policy change, requested: it applies to nothing until someone else approves it. */
export async function requestPolicy(app: FastifyInstance, actor: StaffActor, body: ExpiryPolicyBody) {
  if (body.effectiveFrom < todayInIndia()) throw fieldError('effectiveFrom', EXPIRY_MESSAGES.pastDate);
  return app.database.db.transaction(async (tx) => {
    const id = await repo.insertPolicy(tx, {
      rule: body.rule,
      months: body.rule === 'rolling_months' ? (body.months ?? null) : null,
      effectiveFrom: body.effectiveFrom,
      note: body.note ?? null,
      requestedBy: actor.id,
    });
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'points_expiry.requested',
      entity: EXPIRY_POLICY_ENTITY,
      entityId: id,
      after: snapshot(after),
    });
    return after;
  });
}

const snapshot = (p: ExpiryPolicy) => ({
  rule: p.rule,
  months: p.months,
  effectiveFrom: p.effectiveFrom,
  status: p.status,
  note: p.note,
});

/** Maker-checker through the shared mechanism: the requester cannot decide; a rejection needs a reason. */
const policyDecisions: DecisionFlow<repo.LockedPolicy> = {
  entity: 'Expiry policy',
  lock: (tx: Tx, id: number) => repo.lockPolicy(tx, id),
  wrongState: (p) => (p.status !== 'pending' ? `This policy is already ${p.status}` : null),
  makers: (p) => [p.requestedBy],
  makerMessage: EXPIRY_MESSAGES.makerChecker,
  reasonRequired: { results: ['rejected'], field: 'reason' },
  async apply(tx, { id }, { actor, result, reason }) {
    const before = await load(tx, id);
    await repo.decidePolicy(tx, id, { status: result, by: actor.id!, reason });
    const after = await load(tx, id);
    return {
      action: result === 'approved' ? 'points_expiry.approved' : 'points_expiry.rejected',
      entity: EXPIRY_POLICY_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), reason },
    };
  },
};

export const decidePolicy = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: 'approved' | 'rejected',
  reason: string | null,
) => decideOne(app, policyDecisions, id, { actor, result, reason, input: undefined }, load);

/**
 * Reminders 30 and 7 days before an expiry, by SMS through the messages outbox, one per member,
 * expiry day and threshold (the outbox's cause key): a second run, or a second instance, adds nothing.
 */
export async function queueExpiryReminders(app: FastifyInstance): Promise<number> {
  let queued = 0;
  const [far, near] = EXPIRY_REMINDER_DAYS;
  for (const [days, notWithin] of [
    [far, near],
    [near, null],
  ] as const) {
    const due = await repo.remindersDue(app.database.db, days, notWithin);
    for (let i = 0; i < due.length; i += 200)
      await app.database.db.transaction(async (tx) => {
        for (const r of due.slice(i, i + 200)) {
          const [y, m, d] = r.expiresOn.split('-');
          const row = await queueStepMessage(
            tx,
            r.memberId,
            'points.expiring',
            { points: r.points, date: `${d}/${m}/${y}` },
            { kind: `points.expiring.${days}d`, id: `${r.memberId}:${r.expiresOn}` },
          );
          if (row) queued++;
        }
      });
  }
  return queued;
}
