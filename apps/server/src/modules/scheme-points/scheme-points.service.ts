import type { PointsChangeBody } from '@app/contract/scheme-points';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { lockProduct } from '../products';
import { effectiveInstant, isPastDay, recordChange } from './point-changes';

export { pointsChangeList, skuPointsList } from './scheme-points.repository';
export { effectiveInstant, isPastDay, recordChange };

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
