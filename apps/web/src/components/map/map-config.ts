import { type MapConfig, mapsEndpoints } from '@app/contract/maps';
import { call } from '../../app/api';

let pending: Promise<MapConfig> | undefined;

/**
 * The server's map configuration, asked once per page load. A failure draws the outline alone (and
 * is asked again by the next map), never breaks the map.
 */
export function loadMapConfig(): Promise<MapConfig> {
  pending ??= call(mapsEndpoints.config).catch(() => {
    pending = undefined;
    return { tiles: null };
  });
  return pending;
}
