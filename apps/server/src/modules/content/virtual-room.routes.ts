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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { recordRoutes, type WriteContext } from '../../lib/records';
import { claimContentFile, fileRoutes } from './content-files';
import {
  knownProductCount,
  virtualRoomImageFileId,
  virtualRoomList,
  virtualRoomRecord,
} from './virtual-room.repository';

/** Featured products must be in the catalogue; the image must be the caller's own upload. */
async function values(
  tx: Executor,
  body: Partial<VirtualRoomBody>,
  { actor, before }: WriteContext<VirtualRoomRow>,
) {
  if (body.productIds?.length) {
    if ((await knownProductCount(tx, body.productIds)) !== body.productIds.length)
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
    ...virtualRoomRecord,
    list: virtualRoomList,
    row: virtualRoomRow,
    create: virtualRoomBody,
    update: virtualRoomUpdateBody,
    values,
    fileName: 'virtual-room',
  });
  fileRoutes(app, {
    endpoints: contentEndpoints.virtualRoom.image,
    resolve: (a, p) => virtualRoomImageFileId(a.database.db, p.id),
  });
};
