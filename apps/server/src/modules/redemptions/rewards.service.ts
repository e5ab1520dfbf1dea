import {
  REWARD_ENTITY,
  REWARD_MESSAGES,
  type RewardCreateBody,
  type RewardRow,
  type RewardUpdateBody,
  rewardRuleErrors,
} from '@app/contract/redemptions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { rewards } from '../../db/schema/redemptions';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { claimFile } from '../files/files.service';
import { findReward, lockReward } from './rewards.repository';

async function load(tx: Executor, id: number): Promise<RewardRow> {
  const row = await findReward(tx, id);
  if (!row) throw notFound('Reward');
  return row;
}
export const getReward = (app: FastifyInstance, id: number) => load(app.database.db, id);

const snapshot = ({ createdAt: _c, updatedAt: _u, ...rest }: RewardRow) => rest;

/** The image must be the staff member's own `reward_image` upload, attached nowhere else. */
async function claimImage(tx: Executor, actor: Actor, fileId: number | null | undefined) {
  if (!fileId || actor.id === null) return;
  await claimFile(tx, fileId, {
    purpose: 'reward_image',
    owner: { staffId: actor.id },
    field: 'imageFileId',
  });
}

/** A physical gift has stock and no brand; an e-voucher has brand and denomination and no stock. */
function normalise<T extends Partial<RewardCreateBody>>(body: T): T {
  if (body.type === 'physical') return { ...body, brand: null, denominationPaise: null };
  if (body.type === 'e_voucher') return { ...body, stock: null };
  return body;
}

export function createReward(app: FastifyInstance, actor: Actor, body: RewardCreateBody) {
  return app.database.db.transaction(async (tx) => {
    await claimImage(tx, actor, body.imageFileId);
    const values = normalise(body);
    const [row] = await tx
      .insert(rewards)
      .values({
        name: values.name,
        type: values.type,
        brand: values.brand ?? null,
        denominationPaise: values.denominationPaise ?? null,
        pointsCost: values.pointsCost,
        mrpPaise: values.mrpPaise,
        stock: values.stock ?? null,
        imageFileId: values.imageFileId ?? null,
        eligibleTypes: values.eligibleTypes,
        active: values.active,
      })
      .returning({ id: rewards.id });
    const created = await load(tx, row!.id);
    await audit(tx, actor, {
      action: 'reward.created',
      entity: REWARD_ENTITY,
      entityId: created.id,
      after: snapshot(created),
    });
    return created;
  });
}

export function updateReward(app: FastifyInstance, actor: Actor, id: number, body: RewardUpdateBody) {
  return app.database.db.transaction(async (tx) => {
    if (!(await lockReward(tx, id))) throw notFound('Reward');
    const before = await load(tx, id);
    if (before.archivedAt) throw conflict(REWARD_MESSAGES.archived);
    const merged = normalise({
      ...before,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    });
    const errors = Object.entries(rewardRuleErrors(merged));
    if (errors.length > 0) throw badRequest(errors[0]![1], Object.fromEntries(errors));
    const changes = Object.fromEntries(
      Object.entries(merged).filter(([k, v]) =>
        k in body || k === 'brand' || k === 'denominationPaise' || k === 'stock'
          ? JSON.stringify(before[k as keyof RewardRow]) !== JSON.stringify(v)
          : false,
      ),
    ) as Partial<typeof rewards.$inferInsert>;
    if (Object.keys(changes).length === 0) return before;
    if (changes.imageFileId) await claimImage(tx, actor, changes.imageFileId);
    await tx
      .update(rewards)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(rewards.id, id));
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'reward.updated',
      entity: REWARD_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Archive: the reward leaves the app and the catalogue's default list; its redemptions stay. */
export function archiveReward(app: FastifyInstance, actor: Actor, id: number, archived: boolean) {
  return app.database.db.transaction(async (tx) => {
    const locked = await lockReward(tx, id);
    if (!locked) throw notFound('Reward');
    if (Boolean(locked.archivedAt) === archived) return load(tx, id);
    await tx
      .update(rewards)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(rewards.id, id));
    await audit(tx, actor, {
      action: archived ? 'reward.archived' : 'reward.restored',
      entity: REWARD_ENTITY,
      entityId: id,
      before: { archived: !archived },
      after: { archived },
    });
    return load(tx, id);
  });
}
