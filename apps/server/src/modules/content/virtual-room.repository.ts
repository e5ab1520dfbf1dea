import type { VirtualRoomRow } from '@app/contract/content';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { virtualRooms } from '../../db/schema/content';
import { products } from '../../db/schema/products';
import { defineList } from '../../lib/lists/define';
import { bool, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

export const virtualRoomList = defineList<VirtualRoomRow>({
  columns: {
    id: virtualRooms.id,
    title: { sql: virtualRooms.title, label: 'Title', width: 28 },
    description: { sql: virtualRooms.description, label: 'Description', width: 40 },
    imageFileId: virtualRooms.imageFileId,
    videoUrl: { sql: virtualRooms.videoUrl, label: 'Video link', width: 30 },
    productIds: { sql: virtualRooms.productIds, label: 'Featured product ids', format: 'list', width: 20 },
    sortOrder: { sql: virtualRooms.sortOrder, label: 'Order', format: 'int', width: 8 },
    active: { sql: virtualRooms.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: isoText(virtualRooms.createdAt), label: 'Created', format: 'datetime', width: 20 },
    updatedAt: isoText(virtualRooms.updatedAt),
  },
  from: (db, fields) => db.select(fields).from(virtualRooms).$dynamic(),
  filters: { q: text(virtualRooms.title), active: bool(virtualRooms.active) },
  sort: { id: virtualRooms.id, sortOrder: virtualRooms.sortOrder, title: virtualRooms.title },
  defaultSort: 'sortOrder',
  defaultOrder: 'ASC',
  id: virtualRooms.id,
});

/** The virtual room record's table and archive column (lib/records). */
export const virtualRoomRecord = { table: virtualRooms, archive: virtualRooms.active };

/** How many of these product ids are in the catalogue. */
export async function knownProductCount(tx: Executor, ids: number[]) {
  return (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).length;
}

export async function virtualRoomImageFileId(db: Executor, id: number) {
  return (
    await db
      .select({ f: virtualRooms.imageFileId })
      .from(virtualRooms)
      .where(inArray(virtualRooms.id, [id]))
  )[0]?.f;
}
