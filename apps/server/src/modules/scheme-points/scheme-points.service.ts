import { istDayStart, todayInIndia } from '@app/contract/format';
import { type PointsChangeBody, SCHEME_POINTS_MESSAGES } from '@app/contract/scheme-points';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import { lockProduct } from '../products';
import { recordChange } from './point-changes';

export { pointsChangeList, skuPointsList } from './scheme-points.repository';
export { recordChange };

/** A day before today (IST) would rewrite past scans, so changes from it are refused. */
export const isPastDay = (day: string) => day < todayInIndia();

/** 00:00 IST of the chosen day (YYYY-MM-DD), refused when it is in the past. */
export function effectiveInstant(day: string): Date {
  if (isPastDay(day)) throw fieldError('effectiveFrom', SCHEME_POINTS_MESSAGES.pastDate);
  const at = istDayStart(day);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return new Date(at);
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
