import {
  REWARD_ENTITY,
  type RewardCreateBody,
  type RewardRow,
  rewardRuleErrors,
} from '@app/contract/redemptions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { rewards } from '../../db/schema/redemptions';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { WriteContext } from '../../lib/records';
import { claimFile } from '../files';
import { findReward } from './rewards.repository';

/**
 * The table values of a reward create or (partial) edit, inside the write's transaction: the type
 * rule is checked on the merged record (an e-voucher has brand and denomination and no stock; a
 * physical gift has stock and no brand), and a new image must be the staff member's own
 * `reward_image` upload, attached nowhere else.
 */
export async function rewardValues(
  tx: Executor,
  body: Partial<RewardCreateBody>,
  context: WriteContext<RewardRow>,
): Promise<Record<string, unknown>> {
  const merged = { ...context.before, ...body };
  const errors = Object.entries(rewardRuleErrors(merged));
  if (errors.length > 0) throw badRequest(errors[0]![1], Object.fromEntries(errors));
  const values: Record<string, unknown> = { ...body };
  if (merged.type === 'physical') Object.assign(values, { brand: null, denominationPaise: null });
  if (merged.type === 'e_voucher') values.stock = null;
  if (body.imageFileId && context.actor.id !== null)
    await claimFile(tx, body.imageFileId, {
      purpose: 'reward_image',
      owner: { staffId: context.actor.id },
      field: 'imageFileId',
    });
  return values;
}

async function load(tx: Executor, id: number): Promise<RewardRow> {
  const row = await findReward(tx, id);
  if (!row) throw notFound('Reward');
  return row;
}

const snapshot = ({ createdAt: _c, updatedAt: _u, ...rest }: RewardRow) => rest;

/** A reward made as `POST /admin/rewards` makes it (the demo data's way in, with its audit entry). */
export function createReward(app: FastifyInstance, actor: Actor, body: RewardCreateBody) {
  return app.database.db.transaction(async (tx) => {
    const values = await rewardValues(tx, body, { actor });
    const [row] = await tx
      .insert(rewards)
      .values(values as typeof rewards.$inferInsert)
      .returning({ id: rewards.id });
    const created = await load(tx, row!.id);
    await audit(tx, actor, {
      action: `${REWARD_ENTITY}.created`,
      entity: REWARD_ENTITY,
      entityId: created.id,
      after: snapshot(created),
    });
    return created;
  });
}

/** Archive as `POST /admin/rewards/:id/archive` does (the demo data's way). */
export function archiveReward(app: FastifyInstance, actor: Actor, id: number) {
  return app.database.db.transaction(async (tx) => {
    const before = await load(tx, id);
    await tx.update(rewards).set({ active: false, updatedAt: new Date() }).where(eq(rewards.id, id));
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: `${REWARD_ENTITY}.archived`,
      entity: REWARD_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}
