import {
  TIER_MESSAGES,
  type TierOverrideBody,
  type TierOverrideRow,
  type TierPolicyBody,
  type TierPolicyRow,
} from '@app/contract/tiers';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { type StaffActor, settingService } from '../../lib/settings';
import * as repo from './tiers.repository';

export const TIER_POLICY_ENTITY = 'tier_policy';
export const TIER_OVERRIDE_ENTITY = 'tier_override';

/** The tier policy on the setting kit: requested, then approved or rejected by someone else. */
const policies = settingService<TierPolicyRow, TierPolicyBody, repo.TierPolicyValues>({
  repository: repo.policySetting,
  auditEntity: TIER_POLICY_ENTITY,
  auditAction: 'tiers',
  noun: 'Tier policy',
  messages: { pastDate: TIER_MESSAGES.pastDate, makerChecker: TIER_MESSAGES.makerChecker },
  decided: (status) => `This tier policy is already ${status}`,
  values: (body) => ({
    periodMonths: body.periodMonths,
    tiers: body.tiers.map((t) => ({
      name: t.name,
      nameHi: t.nameHi,
      minPoints: t.minPoints,
      multiplier: t.multiplier,
      redeemMinBalance: t.redeemMinBalance ?? null,
    })),
  }),
  snapshot: (p) => ({ periodMonths: p.periodMonths, tiers: p.tiers }),
});

export const listPolicies = policies.list;
export const requestPolicy = policies.request;
export const decidePolicy = policies.decide;

// ─── Overrides (maker-checker through lib/decisions) ─────────────────────────────────────────────

async function loadOverride(db: Executor, id: number): Promise<TierOverrideRow> {
  const row = await repo.findOverride(db, id);
  if (!row) throw notFound('Tier override');
  return row;
}

export const listOverrides = (app: FastifyInstance) => repo.listOverrides(app.database.db);

/** A manual change of a member's tier, with a reason: it changes nothing until someone else approves it. */
export async function requestOverride(
  app: FastifyInstance,
  actor: StaffActor,
  memberId: number,
  body: TierOverrideBody,
): Promise<TierOverrideRow> {
  const db = app.database.db;
  if (!(await repo.memberExists(db, memberId))) throw notFound('Member');
  const policy = await repo.policyInForce(db);
  if (!policy) throw fieldError('tier', TIER_MESSAGES.noPolicy);
  if (body.tier !== null && !policy.tiers.some((t) => t.name === body.tier))
    throw fieldError('tier', TIER_MESSAGES.unknownTier);
  return db.transaction(async (tx) => {
    const id = await repo.insertOverride(tx, {
      memberId,
      tier: body.tier,
      reason: body.reason,
      requestedBy: actor.id,
    });
    const after = await loadOverride(tx, id);
    await audit(tx, actor, {
      action: 'tiers.override_requested',
      entity: TIER_OVERRIDE_ENTITY,
      entityId: id,
      after: { memberId, currentTier: after.currentTier, tier: body.tier, reason: body.reason },
    });
    return after;
  });
}

const overrideDecisions: DecisionFlow<repo.LockedOverride> = {
  entity: 'Tier override',
  lock: (tx: Tx, id: number) => repo.lockOverride(tx, id),
  wrongState: (o) => (o.status !== 'pending' ? `This tier override is already ${o.status}` : null),
  makers: (o) => [o.requestedBy],
  makerMessage: TIER_MESSAGES.makerChecker,
  reasonRequired: { results: ['rejected'], field: 'reason' },
  async apply(tx, o, { actor, result, reason }) {
    const before = await loadOverride(tx, o.id);
    await repo.decideOverride(tx, o.id, { status: result, by: actor.id!, reason });
    if (result === 'approved') {
      const policy = await repo.policyInForce(tx);
      if (!policy) throw conflict(TIER_MESSAGES.noPolicy);
      if (o.tier !== null && !policy.tiers.some((t) => t.name === o.tier))
        throw conflict(`The tier policy in force has no tier "${o.tier}"`);
      await repo.applyOverride(tx, { id: o.id, memberId: o.memberId, tier: o.tier, by: actor.id! }, policy);
    }
    const after = await loadOverride(tx, o.id);
    return {
      action: result === 'approved' ? 'tiers.override_approved' : 'tiers.override_rejected',
      entity: TIER_OVERRIDE_ENTITY,
      entityId: o.id,
      before: { memberId: o.memberId, tier: before.currentTier, status: before.status },
      after: { memberId: o.memberId, tier: after.currentTier, status: after.status, reason },
    };
  },
};

export const decideOverride = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: 'approved' | 'rejected',
  reason: string | null,
) => decideOne(app, overrideDecisions, id, { actor, result, reason, input: undefined }, loadOverride);

/** A member's tier for staff: the tier, pinned or not, points earned in the period, history, overrides. */
export async function memberTierDetail(app: FastifyInstance, memberId: number) {
  const db = app.database.db;
  const state = await repo.memberTierState(db, memberId);
  if (!state) throw notFound('Member');
  const policy = await repo.policyInForce(db);
  return {
    tier: state.tier,
    pinned: state.pinned,
    earned: policy ? await repo.earnedInPeriod(db, memberId, policy.periodMonths) : 0,
    periodMonths: policy?.periodMonths ?? null,
    tiers: policy?.tiers.map((t) => t.name) ?? [],
    history: await repo.tierHistory(db, memberId),
    overrides: await repo.listOverrides(db, memberId),
  };
}

export const memberTier = (app: FastifyInstance, memberId: number) =>
  repo.memberTierOf(app.database.db, memberId);
