import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@app/contract/members';

type IndianState = (typeof INDIAN_STATES)[number];

/**
 * India's pincodes, bundled (no network): one row per pincode with its city (sub-district), district,
 * state and the mean position of its post offices. GeoNames postal codes for India (CC BY 4.0), made
 * by `scripts/india-geo.mjs`; read once, on first use (about 20,000 rows, 200 KB gzipped).
 */
export type PincodeEntry = {
  pincode: string;
  city: string | null;
  district: string | null;
  state: IndianState;
  latitude: number | null;
  longitude: number | null;
};

const STATES = new Set<string>(INDIAN_STATES);
let table: Map<string, PincodeEntry> | undefined;
/** Pincodes with a position by grid cell of CELL degrees (about 28 km), for nearest-point searches. */
const CELL = 0.25;
let grid: Map<string, PincodeEntry[]> | undefined;
const cellOf = (lat: number, lng: number) => `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;

function load(): Map<string, PincodeEntry> {
  if (table) return table;
  const text = gunzipSync(readFileSync(new URL('./india-pincodes.tsv.gz', import.meta.url))).toString('utf8');
  const rows = new Map<string, PincodeEntry>();
  for (const line of text.split('\n')) {
    const [pincode, city, district, state, lat, lng] = line.split('\t');
    if (!pincode || !state || !STATES.has(state)) continue;
    rows.set(pincode, {
      pincode,
      city: city || null,
      district: district || null,
      state: state as IndianState,
      latitude: lat ? Number(lat) : null,
      longitude: lng ? Number(lng) : null,
    });
  }
  table = rows;
  grid = new Map();
  for (const entry of rows.values()) {
    if (entry.latitude === null || entry.longitude === null) continue;
    const key = cellOf(entry.latitude, entry.longitude);
    const cell = grid.get(key);
    if (cell) cell.push(entry);
    else grid.set(key, [entry]);
  }
  return rows;
}

/** The bundled entry for a pincode, or null when India Post's directory (as GeoNames holds it) has none. */
export const pincodeEntry = (pincode: string): PincodeEntry | null => load().get(pincode) ?? null;

const RADIANS = Math.PI / 180;
/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The pincode whose post offices' centre is nearest to a point, among the given states (all when
 * none): first in the 3 × 3 grid cells around the point (any answer within one cell's width is
 * final), then among all pincodes.
 */
export function nearestPincode(
  latitude: number,
  longitude: number,
  among?: ReadonlySet<IndianState>,
): { entry: PincodeEntry; km: number } | null {
  load();
  const around: PincodeEntry[] = [];
  const row = Math.floor(latitude / CELL);
  const column = Math.floor(longitude / CELL);
  for (let r = row - 1; r <= row + 1; r++)
    for (let c = column - 1; c <= column + 1; c++) around.push(...(grid!.get(`${r}:${c}`) ?? []));
  const near = nearestOf(around, latitude, longitude, among);
  if (near && near.km <= CELL * 111 * Math.cos(latitude * RADIANS)) return near;
  return nearestOf(load().values(), latitude, longitude, among);
}

function nearestOf(
  entries: Iterable<PincodeEntry>,
  latitude: number,
  longitude: number,
  among?: ReadonlySet<IndianState>,
): { entry: PincodeEntry; km: number } | null {
  let best: PincodeEntry | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const entry of entries) {
    if (entry.latitude === null || entry.longitude === null) continue;
    if (among && !among.has(entry.state)) continue;
    // A cheap bound first: a degree of latitude is 111 km, so a farther row cannot win.
    if (Math.abs(entry.latitude - latitude) * 111 > bestKm) continue;
    const km = distanceKm(latitude, longitude, entry.latitude, entry.longitude);
    if (km < bestKm) {
      best = entry;
      bestKm = km;
    }
  }
  return best ? { entry: best, km: bestKm } : null;
}
