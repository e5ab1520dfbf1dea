import { CONTENT_PAGES } from '@app/contract/content';
import {
  ALBUM_ENTITY,
  albumBody,
  albumRow,
  albumUpdateBody,
  galleryImageBody,
  galleryImageRow,
  reorderBody,
} from '@app/contract/content-media';
import { idParam, idParams } from '@app/contract/input';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryAlbums, galleryImages } from '../../db/schema/content';
import { actorOf } from '../../lib/audit';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { recordRoutes } from '../../lib/records';
import { action, page } from '../../plugins/access';
import { fileRoutes } from './content-files';
import * as service from './gallery.service';

const tags = ['gallery'];
const imageParams = z.object({ id: idParam, imageId: idParam });

/** Gallery: albums (a simple record) and their images (added, reordered, archived). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = page(CONTENT_PAGES.gallery);
  const manage = { access: action('gallery.manage') };
  recordRoutes(app, {
    path: '/admin/content/gallery',
    page: CONTENT_PAGES.gallery,
    manage: 'gallery.manage',
    entity: ALBUM_ENTITY,
    label: 'Album',
    table: galleryAlbums,
    list: service.albumList,
    row: albumRow,
    create: albumBody,
    update: albumUpdateBody,
    fileName: 'gallery-albums',
    tags,
    summary: 'Albums',
    archive: galleryAlbums.active,
  });
  listRoutes(app, {
    path: '/admin/content/gallery/:id/images',
    params: idParams,
    access,
    list: service.imageList,
    row: galleryImageRow,
    fileName: 'gallery-images',
    tags,
    summary: 'An album’s images, in order',
    scope: (request) => eq(galleryImages.albumId, pathId(request)),
  });
  app.post(
    '/admin/content/gallery/:id/images',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add an image (an id from POST /files?purpose=content_image)',
        params: idParams,
        body: galleryImageBody,
        response: { 200: z.object({ id: z.number().int(), caption: z.string() }) },
      },
    },
    async (request) => service.addImage(app, actorOf(request), request.params.id, request.body),
  );
  app.put(
    '/admin/content/gallery/:id/images/order',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reorder the album’s images',
        params: idParams,
        body: reorderBody,
        response: { 200: reorderBody },
      },
    },
    async (request) => service.reorderImages(app, actorOf(request), request.params.id, request.body.imageIds),
  );
  app.post(
    '/admin/content/gallery/:id/images/:imageId/archive',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Archive an image',
        params: imageParams,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => service.archiveImage(app, actorOf(request), request.params.id, request.params.imageId),
  );
  fileRoutes(app, {
    path: '/admin/content/gallery/:id/images/:fileId',
    access,
    tags,
    summary: 'A gallery image',
    resolve: (a, p) => service.imageFileOf(a, p.id, p.fileId ?? 0),
  });
};
