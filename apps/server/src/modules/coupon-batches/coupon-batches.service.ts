import {
  BATCH_ENTITY,
  BATCH_MESSAGES,
  type BatchCreateBody,
  type BatchRow,
} from '@app/contract/coupon-batches';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { safeErrorMessage } from '../../plugins/errors';
import { type CodeSource, countNewBatch, randomCodes } from '../coupons';
import { lockProduct } from '../products';
import { recordWebhookEvent } from '../webhooks';
import * as repo from './coupon-batches.repository';
import { emptyBatch, type FillOptions, fillBatch } from './coupon-generation';

export const GENERATE_TASK = 'coupons.generate';

export { batchList } from './coupon-batches.repository';
export const batchOptions = (app: FastifyInstance) => repo.batchOptions(app.database.db);

export async function loadBatch(tx: Executor, id: number): Promise<BatchRow> {
  const row = await repo.findBatch(tx, id);
  if (!row) throw notFound('Batch');
  return row;
}

/**
 * Creates the batch with its serial block and queues its generation, all in one transaction. With
 * an Idempotency-Key, a repeated submit (double click, retry after a lost answer) gets the first
 * answer and makes no second batch.
 */
export function createBatch(
  app: FastifyInstance,
  actor: Actor,
  body: BatchCreateBody,
  idempotency: IdempotencyContext,
): Promise<{ body: BatchRow; replayed: boolean }> {
  return idempotent(app, idempotency, async (tx) => {
    const product = await lockProduct(tx, body.productId);
    if (!product) throw fieldError('productId', BATCH_MESSAGES.productUnknown);
    if (!product.active) throw fieldError('productId', BATCH_MESSAGES.productInactive);
    const firstSerial = await repo.reserveSerials(tx, body.quantity);
    const id = await repo.insertBatch(tx, {
      ...body,
      firstSerial,
      lastSerial: firstSerial + body.quantity - 1,
      createdBy: actor.id,
    });
    const taskId = await app.jobs.enqueue(tx, GENERATE_TASK, { batchId: id }, actor.id);
    await repo.setBatch(tx, id, { taskId });
    const row = await loadBatch(tx, id);
    await audit(tx, actor, {
      action: 'coupon_batch.created',
      entity: BATCH_ENTITY,
      entityId: id,
      after: { productId: body.productId, quantity: body.quantity, expiresOn: body.expiresOn, firstSerial },
    });
    return row;
  });
}

/** Queues a failed batch's generation again (the failed attempt left no codes behind). */
export function retryBatch(app: FastifyInstance, actor: Actor, id: number): Promise<BatchRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await repo.lockBatch(tx, id);
    if (!before) throw notFound('Batch');
    if (before.status !== 'failed') throw conflict(BATCH_MESSAGES.retryNotFailed);
    const taskId = await app.jobs.enqueue(tx, GENERATE_TASK, { batchId: id }, actor.id);
    await repo.setBatch(tx, id, { status: 'generating', error: null, taskId });
    await audit(tx, actor, {
      action: 'coupon_batch.retried',
      entity: BATCH_ENTITY,
      entityId: id,
      before: { status: before.status, error: before.error },
      after: { status: 'generating' },
    });
    return loadBatch(tx, id);
  });
}

/**
 * The generation task: fills the batch, then marks it ready and starts its counters in one
 * transaction. On failure it removes every code it stored and marks the batch failed, so a batch
 * is either complete or empty; a retry starts again from the top.
 */
export async function generateBatch(
  app: FastifyInstance,
  batchId: number,
  options: FillOptions & { codes?: CodeSource } = {},
): Promise<{ batchId: number; quantity: number }> {
  const { db } = app.database;
  const batch = await loadBatch(db, batchId);
  if (batch.status === 'ready') return { batchId, quantity: batch.quantity };
  const fill = { batchId, firstSerial: batch.firstSerial, lastSerial: batch.lastSerial };
  await repo.setBatch(db, batchId, { status: 'generating', error: null });
  try {
    await fillBatch(db, fill, { codes: randomCodes, ...options });
    await db.transaction(async (tx) => {
      await countNewBatch(tx, batchId, batch.quantity);
      await repo.setBatch(tx, batchId, { status: 'ready', readyAt: sql`now()` });
      await recordWebhookEvent(tx, 'coupon_batch.generated', null, {
        batchId,
        productId: batch.productId,
        quantity: batch.quantity,
        firstSerial: batch.firstSerial,
      });
    });
  } catch (error) {
    await emptyBatch(db, fill);
    await repo.setBatch(db, batchId, { status: 'failed', error: safeErrorMessage(error).slice(0, 500) });
    throw error;
  }
  return { batchId, quantity: batch.quantity };
}
