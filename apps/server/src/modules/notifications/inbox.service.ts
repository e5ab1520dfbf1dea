import type { InboxMessage, InboxPage } from '@app/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { openStored } from '../files';
import * as repo from './notifications.repository';

/** One page of the member's inbox, newest first; the cursor is the last id shown. */
export async function inboxPageOf(
  app: FastifyInstance,
  memberId: number,
  query: { limit: number; cursor?: string },
): Promise<InboxPage> {
  const before = query.cursor === undefined ? undefined : Number(query.cursor);
  const rows = await repo.inboxOf(app.database.db, memberId, query.limit + 1, before);
  const items = rows.slice(0, query.limit);
  return { items, nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null };
}

export const unread = async (app: FastifyInstance, memberId: number) => ({
  unread: await repo.unreadOf(app.database.db, memberId),
});

/** Marks the member's own message read, once: the notification's read count moves the first time only. */
export function read(app: FastifyInstance, memberId: number, id: number): Promise<InboxMessage> {
  return app.database.db.transaction(async (tx) => {
    await repo.markRead(tx, memberId, id);
    const [row] = await repo.inboxOf(tx, memberId, 1, id + 1);
    if (row?.id !== id) throw notFound('Message');
    return row;
  });
}

export async function image(app: FastifyInstance, memberId: number, id: number) {
  const own = await repo.ownMessage(app.database.db, memberId, id);
  if (!own) throw notFound('Message');
  return openStored(app, own.imageFileId, 'Image');
}
