/**
 * Writes src/components/map/india-outline.json: India's outline, and its neighbours' as context, as
 * GeoJSON, for maps that must draw with no internet (components/map). Source: Natural Earth 1:50m
 * Admin 0 countries (public domain), as redistributed by the `world-atlas` npm package (ISC). India
 * is merged with the Siachen Glacier polygon, which Natural Earth keeps apart. Coordinates are
 * rounded to 0.01° (about 1 km) for India and 0.1° for the neighbours.
 *
 * Run from apps/web: `node scripts/india-outline.mjs && npx biome format --write src/components/map` (only
 * when the source data changes).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, merge } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const wanted = new Set(['India', 'Siachen Glacier']);
const parts = topology.objects.countries.geometries.filter((g) => wanted.has(g.properties.name));
if (parts.length !== wanted.size) throw new Error('India or Siachen Glacier missing from world-atlas');

const roundRing = (ring, step) => {
  const round = (n) => Math.round(n / step) * step;
  const out = [];
  for (const [x, y] of ring) {
    const p = [Number(round(x).toFixed(2)), Number(round(y).toFixed(2))];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
};
const simplify = (geometry, step) => {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return {
    type: 'MultiPolygon',
    coordinates: polygons
      .map((polygon) => polygon.map((ring) => roundRing(ring, step)).filter((ring) => ring.length >= 4))
      .filter((polygon) => polygon.length > 0),
  };
};

const NEIGHBOURS = [
  'Pakistan',
  'Afghanistan',
  'China',
  'Nepal',
  'Bhutan',
  'Bangladesh',
  'Myanmar',
  'Sri Lanka',
];
const neighbours = feature(topology, {
  type: 'GeometryCollection',
  geometries: topology.objects.countries.geometries.filter((g) => NEIGHBOURS.includes(g.properties.name)),
}).features.map((f) => ({
  type: 'Feature',
  properties: { name: f.properties.name, india: false },
  geometry: simplify(f.geometry, 0.1),
}));

const collection = {
  type: 'FeatureCollection',
  // Natural Earth 1:50m (public domain) via world-atlas 2; regenerate with scripts/india-outline.mjs.
  features: [
    ...neighbours,
    {
      type: 'Feature',
      properties: { name: 'India', india: true },
      geometry: simplify(merge(topology, parts), 0.01),
    },
  ],
};
const target = new URL('../src/components/map/india-outline.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(collection)}\n`);
console.log(`wrote ${target.pathname}: ${collection.features.length} countries`);
