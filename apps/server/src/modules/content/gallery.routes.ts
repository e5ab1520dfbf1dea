import {
  ALBUM_ENTITY,
  albumBody,
  albumRow,
  albumUpdateBody,
  contentEndpoints,
} from '@app/contract/content-media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { recordRoutes } from '../../lib/records';
import { route } from '../../plugins/endpoint-routes';
import { fileRoutes } from './content-files';
import * as service from './gallery.service';

/** Gallery: albums (a simple record) and their images (added, reordered, archived). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = contentEndpoints.gallery;
  recordRoutes(app, {
    endpoints: e,
    entity: ALBUM_ENTITY,
    label: 'Album',
    ...service.albumRecord,
    list: service.albumList,
    row: albumRow,
    create: albumBody,
    update: albumUpdateBody,
    fileName: 'gallery-albums',
  });
  listRoutes(app, {
    endpoints: e.images,
    list: service.imageList,
    fileName: 'gallery-images',
    scope: (request) => service.imagesOf(pathId(request)),
  });
  route(app, e.addImage, async (request) =>
    service.addImage(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.reorder, async (request) =>
    service.reorderImages(app, actorOf(request), request.params.id, request.body.imageIds),
  );
  route(app, e.archiveImage, async (request) =>
    service.archiveImage(app, actorOf(request), request.params.id, request.params.imageId),
  );
  fileRoutes(app, {
    endpoints: e.image,
    resolve: (a, p) => service.imageFileOf(a, p.id, p.fileId ?? 0),
  });
};
