import { istDayStart, todayInIndia } from '@app/contract/format';
import { SCHEME_ENTITY, SCHEME_MESSAGES, type SchemeBody, type SchemeRow } from '@app/contract/schemes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { linkCampaign, startCampaign } from '../segments';
import * as repo from './schemes.repository';

type StaffActor = Actor & { id: number };

export { schemeList } from './schemes.repository';

async function load(tx: Executor, id: number): Promise<SchemeRow> {
  const row = await repo.findScheme(tx, id);
  if (!row) throw notFound('Scheme');
  return row;
}

export const getScheme = (app: FastifyInstance, id: number) => load(app.database.db, id);

export async function schemeHistory(app: FastifyInstance, id: number) {
  await load(app.database.db, id);
  return repo.schemeEvents(app.database.db, id);
}

/** The stored columns of a body: only the rule's own parameters are kept. */
function values(body: SchemeBody) {
  if (body.endsOn < todayInIndia()) throw fieldError('endsOn', SCHEME_MESSAGES.pastEnd);
  return {
    name: body.name,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    memberTypes: body.memberTypes,
    states: body.states,
    productIds: [...new Set(body.productIds)],
    rule: body.rule,
    multiplier: body.rule === 'multiplier' ? String(body.multiplier) : null,
    bonusPoints: body.rule === 'multiplier' ? null : (body.bonusPoints ?? null),
    sharePercent:
      body.rule === 'dealer_share' && body.sharePercent != null ? String(body.sharePercent) : null,
    slabScans: body.rule === 'slab_bonus' ? (body.slabScans ?? null) : null,
    budgetPoints: body.budgetPoints ?? null,
    fundedBy: body.fundedBy ?? null,
  };
}

async function checkProducts(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  const result = await tx.execute(
    sql`select count(*)::int as n from products where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  if (Number((result.rows[0] as { n: number }).n) !== new Set(ids).size)
    throw fieldError('productIds', 'Some of these SKUs do not exist');
}

/**
 * A scheme aimed at a segment pays only the members the segment held when the scheme was saved, less
 * the holdout (a campaign: its frozen list, read by schemes_in_force); saved again, it is frozen again.
 */
async function aim(tx: Executor, actor: StaffActor, id: number, body: SchemeBody) {
  if (body.target === undefined) return;
  if (body.target === null) {
    await repo.updateScheme(tx, id, { campaignId: null });
    return;
  }
  const { campaignId } = await startCampaign(tx, actor, {
    kind: 'scheme',
    target: body.target,
    startsAt: istDayStart(body.startsOn)!,
    endsAt: istDayStart(body.endsOn, 1)!,
    field: 'target.segmentId',
  });
  await linkCampaign(tx, campaignId, id);
  await repo.updateScheme(tx, id, { campaignId });
}

const snapshot = ({ createdAt: _c, updatedAt: _u, ...rest }: SchemeRow) => rest;

export function createScheme(app: FastifyInstance, actor: StaffActor, body: SchemeBody) {
  const row = values(body);
  return app.database.db.transaction(async (tx) => {
    await checkProducts(tx, row.productIds);
    const id = await repo.insertScheme(tx, { ...row, createdBy: actor.id });
    await aim(tx, actor, id, body);
    const created = await load(tx, id);
    await audit(tx, actor, {
      action: 'scheme.created',
      entity: SCHEME_ENTITY,
      entityId: id,
      after: snapshot(created),
    });
    return created;
  });
}

/** Runs `change` on the locked scheme after checking its status, audits before/after when they differ. */
async function transition(
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  action: string,
  allowed: string[],
  change: (tx: Tx, scheme: NonNullable<Awaited<ReturnType<typeof repo.lockScheme>>>) => Promise<void>,
) {
  return app.database.db.transaction(async (tx) => {
    const scheme = await repo.lockScheme(tx, id);
    if (!scheme) throw notFound('Scheme');
    if (!allowed.includes(scheme.status)) throw conflict(`This scheme is ${scheme.status}`);
    const before = await load(tx, id);
    await change(tx, scheme);
    const after = await load(tx, id);
    // An edit that changes nothing leaves no audit entry, as every update route (docs/decisions.md).
    if (JSON.stringify(snapshot(after)) === JSON.stringify(snapshot(before))) return after;
    await audit(tx, actor, {
      action: `scheme.${action}`,
      entity: SCHEME_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Edits a draft; a pending activation request is withdrawn, since the checker approved other terms. */
export function updateScheme(app: FastifyInstance, actor: StaffActor, id: number, body: SchemeBody) {
  const row = values(body);
  return transition(app, actor, id, 'updated', ['draft'], async (tx) => {
    await checkProducts(tx, row.productIds);
    await repo.updateScheme(tx, id, { ...row, activationRequestedBy: null, activationRequestedAt: null });
    await aim(tx, actor, id, body);
  });
}

export const requestActivation = (app: FastifyInstance, actor: StaffActor, id: number) =>
  transition(app, actor, id, 'activation_requested', ['draft'], async (tx, scheme) => {
    if (scheme.activationRequestedBy !== null) throw conflict('Activation was already requested');
    if (scheme.endsOn < todayInIndia())
      throw conflict('This scheme’s end date has passed; edit its dates first');
    await repo.updateScheme(tx, id, { activationRequestedBy: actor.id, activationRequestedAt: new Date() });
  });

type LockedScheme = NonNullable<Awaited<ReturnType<typeof repo.lockScheme>>>;

/**
 * Activation requests, decided through the shared mechanism. Maker-checker: neither the creator nor
 * the requester may decide. Approval activates the scheme; rejection sends it back to draft.
 */
export const schemeActivations: DecisionFlow<LockedScheme> = {
  entity: 'Scheme',
  lock: repo.lockScheme,
  wrongState: (scheme) =>
    scheme.status !== 'draft'
      ? `This scheme is ${scheme.status}`
      : scheme.activationRequestedBy === null
        ? 'Activation has not been requested'
        : null,
  makers: (scheme) => [scheme.createdBy, scheme.activationRequestedBy],
  makerMessage: SCHEME_MESSAGES.makerChecker,
  async apply(tx, { id }, { actor, result }) {
    const before = await load(tx, id);
    if (result === 'approved')
      await repo.updateScheme(tx, id, { status: 'active', approvedBy: actor.id, approvedAt: new Date() });
    else await repo.updateScheme(tx, id, { activationRequestedBy: null, activationRequestedAt: null });
    const after = await load(tx, id);
    return {
      action: result === 'approved' ? 'scheme.activated' : 'scheme.activation_rejected',
      entity: SCHEME_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    };
  },
};

export const approveActivation = (app: FastifyInstance, actor: StaffActor, id: number) =>
  decideOne(app, schemeActivations, id, { actor, result: 'approved', reason: null, input: undefined }, load);

export const rejectActivation = (app: FastifyInstance, actor: StaffActor, id: number) =>
  decideOne(app, schemeActivations, id, { actor, result: 'rejected', reason: null, input: undefined }, load);

export const endScheme = (app: FastifyInstance, actor: StaffActor, id: number) =>
  transition(app, actor, id, 'ended', ['active'], async (tx) => {
    await repo.updateScheme(tx, id, { status: 'ended', closedBy: actor.id, closedAt: new Date() });
  });

export const cancelScheme = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  reason: string | undefined,
) =>
  transition(app, actor, id, 'cancelled', ['draft', 'active'], async (tx) => {
    await repo.updateScheme(tx, id, {
      status: 'cancelled',
      closedBy: actor.id,
      closedAt: new Date(),
      cancelReason: reason || null,
    });
  });
