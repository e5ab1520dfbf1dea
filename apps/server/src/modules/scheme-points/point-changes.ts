import { istDayStart, todayInIndia } from '@app/contract/format';
import { PRODUCT_POINTS_ENTITY, SCHEME_POINTS_MESSAGES } from '@app/contract/scheme-points';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import * as repo from './scheme-points.repository';

/** A day before today (IST) would rewrite past scans, so changes from it are refused. */
export const isPastDay = (day: string) => day < todayInIndia();

/** 00:00 IST of the chosen day (YYYY-MM-DD), refused when it is in the past. */
export function effectiveInstant(day: string): Date {
  if (isPastDay(day)) throw fieldError('effectiveFrom', SCHEME_POINTS_MESSAGES.pastDate);
  const at = istDayStart(day);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return new Date(at);
}

/**
 * One change of a SKU's base points, apart from the service (which locks the product through the
 * products module) so that products can use it through this module's face without a circle.
 */
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
