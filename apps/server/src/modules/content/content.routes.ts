import type { FastifyPluginAsync } from 'fastify';
import { bannersRoutes } from './banners.routes';
import { contentAppRoutes } from './content.app-routes';
import { documentsRoutes } from './documents.routes';
import { eventsRoutes } from './events.routes';
import { galleryRoutes } from './gallery.routes';
import { socialRoutes } from './social.routes';
import { virtualRoomRoutes } from './virtual-room.routes';

/** Content (PRODUCT.md §3.8): the six pages' routes and the member app's content API. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(socialRoutes);
  await app.register(documentsRoutes);
  await app.register(virtualRoomRoutes);
  await app.register(galleryRoutes);
  await app.register(bannersRoutes);
  await app.register(eventsRoutes);
  await app.register(contentAppRoutes);
};
