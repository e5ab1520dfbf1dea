import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { INDIAN_STATES } from '@app/contract/members';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { nearestPincode } from './india-pincodes';

/**
 * The Indian state or union territory at a point, decided on the server with no network (for the
 * fraud rule on a scan outside the distributor's state): point-in-polygon (`@turf/boolean-point-in-polygon`) over Natural Earth's admin-1
 * boundaries (public domain; `scripts/india-geo.mjs` makes `india-states.json.gz`, read once on first
 * use). Natural Earth's India predates Telangana and Ladakh, so a point in its "Andhra Pradesh" or
 * "Jammu and Kashmir" takes the state of the nearest pincode of the two. A point just outside every
 * polygon (the boundaries are drawn at about 300 m, so a coast or a border can miss) takes the
 * nearest pincode's state within NEAR_KM; farther away it is outside India.
 */
type IndianState = (typeof INDIAN_STATES)[number];
export const OUTSIDE_INDIA = 'Outside India';
export type PlaceState = IndianState | typeof OUTSIDE_INDIA;

const NEAR_KM = 10;
const SPLIT: Partial<Record<string, ReadonlySet<IndianState>>> = {
  'Andhra Pradesh': new Set<IndianState>(['Andhra Pradesh', 'Telangana']),
  'Jammu and Kashmir': new Set<IndianState>(['Jammu and Kashmir', 'Ladakh']),
};

type StateShape = {
  state: IndianState;
  feature: Feature<MultiPolygon>;
  box: [number, number, number, number];
};
let shapes: StateShape[] | undefined;

function load(): StateShape[] {
  if (shapes) return shapes;
  const text = gunzipSync(readFileSync(new URL('./india-states.json.gz', import.meta.url))).toString('utf8');
  const collection = JSON.parse(text) as FeatureCollection<MultiPolygon, { state: IndianState }>;
  shapes = collection.features.map((feature) => {
    const box: [number, number, number, number] = [180, 90, -180, -90];
    for (const polygon of feature.geometry.coordinates)
      for (const [x, y] of polygon[0] ?? []) {
        box[0] = Math.min(box[0], x!);
        box[1] = Math.min(box[1], y!);
        box[2] = Math.max(box[2], x!);
        box[3] = Math.max(box[3], y!);
      }
    return { state: feature.properties.state, feature, box };
  });
  return shapes;
}

const areaOf = (box: StateShape['box']) => (box[2] - box[0]) * (box[3] - box[1]);

/** The state at a point; null without both coordinates (no geo decision then). */
export function stateAt(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): PlaceState | null {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  const point: [number, number] = [longitude, latitude];
  // An enclave (Puducherry in Tamil Nadu) may lie inside its neighbour's outline too: the smallest wins.
  let found: StateShape | undefined;
  for (const shape of load()) {
    const { feature, box } = shape;
    if (longitude < box[0] || longitude > box[2] || latitude < box[1] || latitude > box[3]) continue;
    if (found && areaOf(found.box) <= areaOf(box)) continue;
    if (booleanPointInPolygon(point, feature)) found = shape;
  }
  if (found) {
    const among = SPLIT[found.state];
    return among ? (nearestPincode(latitude, longitude, among)?.entry.state ?? found.state) : found.state;
  }
  const near = nearestPincode(latitude, longitude);
  return near && near.km <= NEAR_KM ? near.entry.state : OUTSIDE_INDIA;
}
