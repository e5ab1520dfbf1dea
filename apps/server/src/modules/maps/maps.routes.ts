import { mapConfigSchema } from '@app/contract/maps';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The maps' configuration for the web: street tiles from MAP_TILE_URL, when set. */
export const mapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/map-config',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['maps'],
        summary: 'Street tiles beneath the maps (MAP_TILE_URL), or none',
        response: { 200: mapConfigSchema },
      },
    },
    async () => {
      const tiles = app.config.mapTiles;
      return { tiles: tiles ? { url: tiles.url, attribution: tiles.attribution } : null };
    },
  );
};
