import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * What the web's maps (components/map) need from the server: the street tile template when the
 * server has one (MAP_TILE_URL), else null and the maps draw the bundled outline of India only.
 */
export const mapConfigSchema = z.object({
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** India's bounding box (mainland and islands, with a margin): coordinates outside it are refused. */
export const INDIA_BOUNDS = { minLat: 6, maxLat: 37.5, minLng: 68, maxLng: 97.5 } as const;

export const inIndia = (lat: number, lng: number): boolean =>
  lat >= INDIA_BOUNDS.minLat &&
  lat <= INDIA_BOUNDS.maxLat &&
  lng >= INDIA_BOUNDS.minLng &&
  lng <= INDIA_BOUNDS.maxLng;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

/** The maps' configuration (any signed-in staff account: maps sit on several pages). */
export const mapsEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/admin/map-config',
    access: 'staff',
    tags: ['maps'],
    summary: 'Street tiles beneath the maps (MAP_TILE_URL), or none',
    response: mapConfigSchema,
  }),
};
