import { istDayStart, todayInIndia } from '@app/contract/format';
import {
  type PointsChangeBody,
  PRODUCT_POINTS_ENTITY,
  SCHEME_POINTS_MESSAGES,
} from '@app/contract/scheme-points';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import { lockProduct } from '../products';
import * as repo from './scheme-points.repository';

export { pointsChangeList, skuPointsList } from './scheme-points.repository';

/** A day before today (IST) would rewrite past scans, so changes from it are refused. */
export const isPastDay = (day: string) => day < todayInIndia();

/** 00:00 IST of the chosen day (YYYY-MM-DD), refused when it is in the past. */
export function effectiveInstant(day: string): Date {
  if (isPastDay(day)) throw fieldError('effectiveFrom', SCHEME_POINTS_MESSAGES.pastDate);
  const at = istDayStart(day);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return new Date(at);
}

/** Records one change in the caller's transaction (also used by the catalogue's own points edit). */
export async function recordChange(
  tx: Executor,
  actor: Actor,
  change: { productId: number; points: number; effectiveFrom: Date; reason: string },
) {
  const id = await repo.insertChange(tx, { ...change, createdBy: actor.id });
  const row = (await repo.findChange(tx, id))!;
  await audit(tx, actor, {
    action: 'product_points.changed',
    entity: PRODUCT_POINTS_ENTITY,
    entityId: change.productId,
    after: { change: id, points: row.points, effectiveFrom: row.effectiveFrom, reason: row.reason },
  });
  return row;
}

/** A SKU's base points from 00:00 IST of the chosen day; scans from then on earn them. */
export async function changePoints(
  app: FastifyInstance,
  actor: Actor,
  productId: number,
  body: PointsChangeBody,
) {
  const effectiveFrom = effectiveInstant(body.effectiveFrom);
  return app.database.db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) throw notFound('Product');
    return recordChange(tx, actor, { productId, points: body.points, effectiveFrom, reason: body.reason });
  });
}
