import type { NearestStore } from '@app/contract/stores';
import type { Database } from '../../db/client';

/** Mean Earth radius (IUGG), km: the great-circle distances of the member API. */
export const EARTH_RADIUS_KM = 6371.0088;
/** The first search radius; each miss widens it eightfold, so the whole Earth takes at most 4 reads. */
const FIRST_RADIUS_KM = 50;
const WIDEN = 8;

/**
 * The nearest active stores inside a box, by great-circle (haversine) distance. The box condition
 * `point(lng, lat) <@ box(…)` with `active` is what the partial GiST index `stores_geo_idx` answers
 * (PostgreSQL and PGlite alike, no PostGIS); the distance orders the few rows inside it.
 * $1 lat, $2 lng, $3 limit, $4..$7 the box: west, south, east, north.
 */
export const NEAREST_SQL = `
select id, code, name, kind, contact_person, phone, email, address, city, state, pincode, lat, lng,
       opening_hours,
       ${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
         power(sin(radians(lat - $1::float8) / 2), 2) +
         cos(radians($1::float8)) * cos(radians(lat)) * power(sin(radians(lng - $2::float8) / 2), 2)
       ))) as distance_km
  from stores
 where active and point(lng, lat) <@ box(point($4::float8, $5::float8), point($6::float8, $7::float8))
 order by distance_km, id
 limit $3::int`;

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}
const WORLD: Box = { west: -180, south: -90, east: 180, north: 90 };
const isWorld = (b: Box) => b.west === -180 && b.south === -90 && b.east === 180 && b.north === 90;

/**
 * The smallest lat/lng box holding every point within `radiusKm` of (lat, lng) (J. P. Matuschek's
 * bounding coordinates): the latitude span is exact, the longitude span is the widest the circle
 * reaches. A circle over a pole or across the antimeridian takes every longitude.
 */
export function boxAround(lat: number, lng: number, radiusKm: number): Box {
  const d = radiusKm / EARTH_RADIUS_KM;
  if (d >= Math.PI) return WORLD;
  const toDeg = 180 / Math.PI;
  const phi = lat / toDeg;
  const south = phi - d;
  const north = phi + d;
  if (south <= -Math.PI / 2 || north >= Math.PI / 2)
    return { west: -180, east: 180, south: Math.max(-90, south * toDeg), north: Math.min(90, north * toDeg) };
  const dLng = Math.asin(Math.min(1, Math.sin(d) / Math.cos(phi))) * toDeg;
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180 || east > 180) return { west: -180, east: 180, south: south * toDeg, north: north * toDeg };
  return { west, east, south: south * toDeg, north: north * toDeg };
}

/** The statement's parameters for one box. */
export const nearestParams = (lat: number, lng: number, limit: number, b: Box) => [
  lat,
  lng,
  limit,
  b.west,
  b.south,
  b.east,
  b.north,
];

type Raw = Record<string, unknown>;
const storeOf = (r: Raw): NearestStore => ({
  id: Number(r.id),
  code: String(r.code),
  name: String(r.name),
  kind: r.kind as NearestStore['kind'],
  contactPerson: String(r.contact_person),
  phone: String(r.phone),
  email: String(r.email),
  address: String(r.address),
  city: String(r.city),
  state: String(r.state),
  pincode: String(r.pincode),
  lat: Number(r.lat),
  lng: Number(r.lng),
  openingHours: String(r.opening_hours),
  distanceKm: Math.round(Number(r.distance_km) * 1000) / 1000,
});

/**
 * The `limit` nearest active stores to (lat, lng). Reads the box around a circle and widens it
 * until the box holds `limit` stores no farther than the circle's radius: any store outside the box
 * is farther than the radius, so those are exactly the nearest. Usually one read.
 */
export async function nearestStores(
  database: Pick<Database, 'executeSql'>,
  lat: number,
  lng: number,
  limit: number,
): Promise<NearestStore[]> {
  for (let radius = FIRST_RADIUS_KM; ; radius *= WIDEN) {
    const box = boxAround(lat, lng, radius);
    const { rows } = await database.executeSql(
      NEAREST_SQL,
      nearestParams(lat, lng, limit, box),
      'stores_nearest',
    );
    const last = rows[limit - 1];
    if ((last && Number(last.distance_km) <= radius) || isWorld(box)) return rows.map(storeOf);
  }
}
