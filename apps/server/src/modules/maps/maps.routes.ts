import { mapsEndpoints } from '@app/contract/maps';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint-routes';

/** The maps' configuration for the web: street tiles from MAP_TILE_URL, when set. */
export const mapsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, mapsEndpoints.config, async () => {
    const tiles = app.config.mapTiles;
    return { tiles: tiles ? { url: tiles.url, attribution: tiles.attribution } : null };
  });
};
