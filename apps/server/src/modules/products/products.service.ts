import {
  PRODUCT_ENTITY,
  PRODUCT_MESSAGES,
  type ProductCreateBody,
  type ProductRow,
  type ProductUpdateBody,
} from '@app/contract/products';
import type { PointsChangeBody } from '@app/contract/scheme-points';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import { historyOf } from '../audit';
import { effectiveInstant, recordChange } from '../scheme-points';
import * as repo from './products.repository';

export { productList } from './products.repository';

export const productOptions = (app: FastifyInstance) => repo.productOptions(app.database.db);

async function load(tx: Executor, id: number): Promise<ProductRow> {
  const row = await repo.findProduct(tx, id);
  if (!row) throw notFound('Product');
  return row;
}

export const getProduct = (app: FastifyInstance, id: number) => load(app.database.db, id);

/** A product's audit entries, newest first (404 for a product that does not exist). */
export async function productHistory(app: FastifyInstance, id: number) {
  await load(app.database.db, id);
  return historyOf(app.database.db, PRODUCT_ENTITY, id);
}

const snapshot = ({ createdAt: _c, updatedAt: _u, ...rest }: ProductRow) => rest;

export function createProduct(app: FastifyInstance, actor: Actor, body: ProductCreateBody) {
  return app.database.db.transaction(async (tx) => {
    if (await repo.skuTaken(tx, body.sku))
      throw conflict(PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });
    const id = await repo.insertProduct(tx, body).catch((error: unknown) => {
      // Two creators of one SKU at once: the unique key decides, the loser gets the field error.
      if (isUniqueViolation(error))
        throw conflict(PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });
      throw error;
    });
    const row = await load(tx, id);
    await audit(tx, actor, {
      action: 'product.created',
      entity: PRODUCT_ENTITY,
      entityId: id,
      after: snapshot(row),
    });
    return row;
  });
}

export function updateProduct(app: FastifyInstance, actor: Actor, id: number, body: ProductUpdateBody) {
  return app.database.db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, id))) throw notFound('Product');
    const before = await load(tx, id);
    const changes = Object.fromEntries(
      Object.entries(body).filter(([k, v]) => v !== undefined && before[k as keyof ProductRow] !== v),
    );
    if (Object.keys(changes).length === 0) return before;
    await repo.updateProduct(tx, id, changes);
    // Scans read the points history first, so a catalogue edit of base points joins it, in force now.
    if (changes.basePoints !== undefined)
      await recordChange(tx, actor, {
        productId: id,
        points: Number(changes.basePoints),
        effectiveFrom: new Date(),
        reason: 'Catalogue edit',
      });
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'product.updated',
      entity: PRODUCT_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/**
 * Creates or updates the product of a SKU (the integration API), then records its dated points
 * changes as Update Scheme Points does; each step is the catalogue's own write, audited.
 */
export async function upsertProduct(
  app: FastifyInstance,
  actor: Actor,
  sku: string,
  body: Omit<ProductCreateBody, 'sku'> & { points?: PointsChangeBody[] },
): Promise<{ created: boolean; row: ProductRow }> {
  const { points = [], ...fields } = body;
  // Checked before anything is written: a refused date leaves the product as it was.
  const changes = points.map((p, i) => {
    try {
      return { ...p, at: effectiveInstant(p.effectiveFrom) };
    } catch (error) {
      throw fieldError(`points.${i}.effectiveFrom`, (error as Error).message);
    }
  });
  const existing = await repo.productIdBySku(app.database.db, sku);
  let row =
    existing === undefined
      ? await createProduct(app, actor, { ...fields, sku })
      : await updateProduct(app, actor, existing, fields);
  if (changes.length > 0) {
    await app.database.db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, row.id))) throw notFound('Product');
      for (const c of changes)
        await recordChange(tx, actor, {
          productId: row.id,
          points: c.points,
          effectiveFrom: c.at,
          reason: c.reason,
        });
    });
    row = await load(app.database.db, row.id);
  }
  return { created: existing === undefined, row };
}
