import {
  EXPIRY_MESSAGES,
  EXPIRY_REMINDER_DAYS,
  type ExpiryPolicy,
  type ExpiryPolicyBody,
} from '@app/contract/points-expiry';
import type { FastifyInstance } from 'fastify';
import { settingService } from '../../lib/settings';
import { queueStepMessage } from '../messages';
import * as repo from './points-expiry.repository';

export const EXPIRY_POLICY_ENTITY = 'points_expiry_policy';

/** The expiry policy on the setting kit: requested, then approved or rejected by someone else. */
const policies = settingService<ExpiryPolicy, ExpiryPolicyBody, repo.ExpiryValues>({
  repository: repo.policySetting,
  auditEntity: EXPIRY_POLICY_ENTITY,
  auditAction: 'points_expiry',
  noun: 'Expiry policy',
  messages: { pastDate: EXPIRY_MESSAGES.pastDate, makerChecker: EXPIRY_MESSAGES.makerChecker },
  decided: (status) => `This policy is already ${status}`,
  values: (body) => ({
    rule: body.rule,
    months: body.rule === 'rolling_months' ? (body.months ?? null) : null,
  }),
  snapshot: (p) => ({ rule: p.rule, months: p.months }),
});

export const listPolicies = policies.list;
/** A policy change, requested: it applies to nothing until someone else approves it. */
export const requestPolicy = policies.request;
/** Maker-checker through the shared mechanism: the requester cannot decide; a rejection needs a reason. */
export const decidePolicy = policies.decide;
export const liability = (app: FastifyInstance) => repo.liability(app.database.db);
export const memberExpiring = (app: FastifyInstance, memberId: number) =>
  repo.memberExpiring(app.database.db, memberId);

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
