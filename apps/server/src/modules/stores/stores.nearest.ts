import type { NearestStore } from '@app/contract/stores';
import type { Database } from '../../db/client';

/** Mean Earth radius (IUGG), km: the great-circle distances of the member API. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Central angle (radians) between ($1, $2) and a row's (lat, lng): the haversine formula. */
const angle = (t: string) => `2 * asin(least(1, sqrt(
    power(sin(radians(${t}lat - $1::float8) / 2), 2) +
    cos(radians($1::float8)) * cos(radians(${t}lat)) * power(sin(radians(${t}lng - $2::float8) / 2), 2))))`;

/**
 * The `$3` nearest active stores to ($1 lat, $2 lng) by great-circle distance, in one statement, on
 * the partial GiST index `stores_geo_idx` over point(lng, lat) (no PostGIS):
 *  1. `knn`: the $3 nearest on the flat lat/lng plane, read in index order (`<->`): cheap, but the
 *     plane is not the sphere, so they are only candidates;
 *  2. `reach`: the farthest of them on the sphere (a hair more). The $3 nearest stores are all within that reach,
 *     since $3 stores already are;
 *  3. `bounds`: the lat/lng box holding every point within the reach (J. P. Matuschek's bounding
 *     coordinates; every longitude when the circle passes a pole or the antimeridian);
 *  4. the active stores in the box (the index again), ordered by their true distance.
 */
export const NEAREST_SQL = `
with knn as (
  select lat, lng from stores
   where active
   order by point(lng, lat) <-> point($2::float8, $1::float8)
   limit $3::int
), reach as (
  -- A hair wider than the farthest candidate, so rounding in the box never leaves it outside.
  select max(${angle('')}) * (1 + 1e-9) + 1e-12 as d from knn
), bounds as (
  select greatest(-90, $1::float8 - degrees(d)) as south,
         least(90, $1::float8 + degrees(d)) as north,
         case when $1::float8 - degrees(d) <= -90 or $1::float8 + degrees(d) >= 90 then null
              else degrees(asin(least(1, sin(d) / cos(radians($1::float8))))) end as dlng
    from reach
), box as (
  select case when dlng is null or $2::float8 - dlng < -180 or $2::float8 + dlng > 180
              then box(point(-180, south), point(180, north))
              else box(point($2::float8 - dlng, south), point($2::float8 + dlng, north)) end as b
    from bounds
)
select s.id, s.code, s.name, s.kind, s.contact_person, s.phone, s.email, s.address, s.city, s.state,
       s.pincode, s.lat, s.lng, s.opening_hours, ${EARTH_RADIUS_KM} * ${angle('s.')} as distance_km
  from box, stores s
 where s.active and point(s.lng, s.lat) <@ box.b
 order by distance_km, s.id
 limit $3::int`;

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

/** The `limit` nearest active stores to (lat, lng), nearest first, with great-circle km. */
export async function nearestStores(
  database: Pick<Database, 'executeSql'>,
  lat: number,
  lng: number,
  limit: number,
): Promise<NearestStore[]> {
  const { rows } = await database.executeSql(NEAREST_SQL, [lat, lng, limit], 'stores_nearest');
  return rows.map(storeOf);
}
