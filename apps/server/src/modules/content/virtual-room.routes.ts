import {
  CONTENT_MESSAGES,
  VIRTUAL_ROOM_ENTITY,
  type VirtualRoomBody,
  type VirtualRoomRow,
  virtualRoomBody,
  virtualRoomRow,
  virtualRoomUpdateBody,
} from '@app/contract/content';
import { contentEndpoints } from '@app/contract/content-media';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { virtualRooms } from '../../db/schema/content';
import { products } from '../../db/schema/products';
import { fieldError } from '../../lib/errors';
import { defineList } from '../../lib/lists/define';
import { bool, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { recordRoutes, type WriteContext } from '../../lib/records';
import { claimContentFile, fileRoutes } from './content-files';

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

/** Featured products must be in the catalogue; the image must be the caller's own upload. */
async function values(
  tx: Executor,
  body: Partial<VirtualRoomBody>,
  { actor, before }: WriteContext<VirtualRoomRow>,
) {
  if (body.productIds?.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, body.productIds));
    if (found.length !== body.productIds.length)
      throw fieldError('productIds', CONTENT_MESSAGES.unknownProduct);
  }
  await claimContentFile(tx, actor, body.imageFileId, before?.imageFileId, 'imageFileId');
  const imageFileId = body.imageFileId === undefined ? before?.imageFileId : body.imageFileId;
  const videoUrl = body.videoUrl === undefined ? before?.videoUrl : body.videoUrl;
  if (before && !imageFileId && !videoUrl)
    throw fieldError('imageFileId', 'Upload a 360° image or give a video link');
  return body;
}

/** Virtual Room: showroom entries with a 360° image or a video, and featured products. */
export const virtualRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    endpoints: contentEndpoints.virtualRoom,
    entity: VIRTUAL_ROOM_ENTITY,
    label: 'Virtual room entry',
    table: virtualRooms,
    list: virtualRoomList,
    row: virtualRoomRow,
    create: virtualRoomBody,
    update: virtualRoomUpdateBody,
    values,
    fileName: 'virtual-room',
    archive: virtualRooms.active,
  });
  fileRoutes(app, {
    endpoints: contentEndpoints.virtualRoom.image,
    resolve: async (a, p) =>
      (
        await a.database.db
          .select({ f: virtualRooms.imageFileId })
          .from(virtualRooms)
          .where(inArray(virtualRooms.id, [p.id]))
      )[0]?.f,
  });
};
