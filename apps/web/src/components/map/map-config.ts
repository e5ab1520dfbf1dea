import type { MapConfig } from '@app/contract/maps';
import { api } from '../../app/api';

let pending: Promise<MapConfig> | undefined;

/**
 * The server's map configuration, asked once per page load. A failure draws the outline alone (and
 * is asked again by the next map), never breaks the map.
 */
export function loadMapConfig(): Promise<MapConfig> {
  pending ??= api<MapConfig>('/admin/map-config').catch(() => {
    pending = undefined;
    return { tiles: null };
  });
  return pending;
}
