import type { DeliveredBody, DispatchBody } from '@app/contract/redemptions';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { dispatchGift, markGiftDelivered, markGiftReturned } from '../redemptions';
import { findCourierRow } from './courier-redemptions.repository';

const reload = async (app: FastifyInstance, id: number) => {
  const row = await findCourierRow(app.database.db, id);
  if (!row) throw notFound('Redemption');
  return row;
};

/** `approved → dispatched` with courier, AWB and day (409 on a wrong state), audited. */
export async function dispatch(app: FastifyInstance, actor: Actor, id: number, body: DispatchBody) {
  await app.database.db.transaction((tx) => dispatchGift(tx, actor, id, body));
  return reload(app, id);
}

/** `dispatched → delivered` on the day. */
export async function delivered(app: FastifyInstance, actor: Actor, id: number, body: DeliveredBody) {
  await app.database.db.transaction((tx) => markGiftDelivered(tx, actor, id, body));
  return reload(app, id);
}

/** `dispatched → returned` with the reason; the redemptions service refunds the points once. */
export async function returned(app: FastifyInstance, actor: Actor, id: number, reason: string) {
  await app.database.db.transaction((tx) => markGiftReturned(tx, actor, id, reason));
  return reload(app, id);
}
