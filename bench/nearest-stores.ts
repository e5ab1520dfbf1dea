/**
 * Nearest stores (member API `GET /api/app/stores/nearest`) over N stores (default 100,000) against
 * its ceiling: the same statement (NEAREST_SQL) run raw through its own pg pool. Measured three
 * ways, each p50/p95 over the same query points:
 *   route    the whole route in-process (app.inject: member session, validation, serialisation)
 *   service  nearestStores(), what the route calls
 *   raw      the statement alone, one round trip on a plain pg pool
 * Goal: p95 ≤ 20 ms and ≤ 1.5× raw. Prints the plan (EXPLAIN ANALYZE) with the index used.
 * PostgreSQL only; a fresh database, dropped at the end. Stores: 70% around 30 cities, 30% spread
 * over India's box, one in ten inactive.
 *
 *   npx tsx bench/nearest-stores.ts [N]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 */
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createMemberSession } from '../apps/server/src/modules/member-auth/member-sessions';
import { insertTestMember } from '../apps/server/src/modules/members/members.test-kit';
import { NEAREST_SQL, nearestStores } from '../apps/server/src/modules/stores/stores.nearest';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
const QUERIES = 300;
const LIMIT = 10;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_nearest_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

const pct = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * p)]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

type Run = (lat: number, lng: number) => Promise<unknown>;

/**
 * p50 and p95 of each way over every query point, after one warm pass. The ways take turns point by
 * point, so a busy moment of a shared machine falls on all of them alike.
 */
async function timeAll(points: [number, number][], runs: Record<string, Run>) {
  for (const [lat, lng] of points) for (const run of Object.values(runs)) await run(lat, lng);
  const ms: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  for (const [lat, lng] of points)
    for (const [key, run] of Object.entries(runs)) {
      const t0 = performance.now();
      await run(lat, lng);
      ms[key]!.push(performance.now() - t0);
    }
  return Object.fromEntries(
    Object.entries(ms).map(([key, m]) => [key, { p50: pct(m, 0.5), p95: pct(m, 0.95) }]),
  ) as Record<string, { p50: number; p95: number }>;
}

/** A deterministic generator (the same query points every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
const rawPool = new pg.Pool({ connectionString: urlOf(name), max: 2 });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await prepareDatabase(database, { seedDemo: false });
  const run = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  console.log(`generating ${N.toLocaleString('en-IN')} stores…`);
  await run('select setseed(0.42)');
  await run(`
    with cities(i, lat, lng) as (values
      (0, 18.94, 72.84), (1, 18.52, 73.86), (2, 21.15, 79.09), (3, 28.61, 77.21), (4, 28.46, 77.03),
      (5, 26.91, 75.79), (6, 23.02, 72.57), (7, 21.17, 72.83), (8, 12.97, 77.59), (9, 12.30, 76.64),
      (10, 13.08, 80.27), (11, 11.02, 76.96), (12, 17.39, 78.49), (13, 17.69, 83.22), (14, 9.93, 76.27),
      (15, 8.52, 76.94), (16, 22.57, 88.36), (17, 20.30, 85.82), (18, 25.59, 85.14), (19, 26.85, 80.95),
      (20, 26.45, 80.33), (21, 23.26, 77.41), (22, 22.72, 75.86), (23, 21.25, 81.63), (24, 26.14, 91.74),
      (25, 30.73, 76.78), (26, 30.90, 75.86), (27, 30.32, 78.03), (28, 34.08, 74.80), (29, 15.49, 73.83)),
    g as (select n, random() as r1, random() as r2, random() as r3 from generate_series(1, ${N}) n)
    insert into stores (code, name, kind, contact_person, phone, address, city, state, pincode, lat, lng, active)
    select 'B' || n, 'Bench store ' || n,
           (array['dealer','distributor','experience_centre','branch'])[1 + n % 4]::store_kind,
           'Bench', '9876543210', 'Bench road', 'City', 'Maharashtra', '411001',
           case when n % 10 < 7 then c.lat + (r2 - 0.5) * 0.8 else 6.5 + r2 * 30 end,
           case when n % 10 < 7 then c.lng + (r3 - 0.5) * 0.8 else 68.5 + r3 * 28.5 end,
           n % 10 <> 9
      from g join cities c on c.i = floor(r1 * 30)::int`);
  await run('analyze stores');

  const next = random(2026);
  const points: [number, number][] = Array.from({ length: QUERIES }, () => [
    8 + next() * 26,
    70 + next() * 24,
  ]);

  const memberId = await insertTestMember(database.db);
  const token = await createMemberSession(database.db, memberId);
  const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
  app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent' }), seedDemo: false },
    database,
    jobs,
    files: databaseFileStore(database),
    logger: false,
  });
  await app.ready();

  const { route, service, raw } = await timeAll(points, {
    route: async (lat, lng) => {
      const res = await app!.inject({
        url: `/api/app/stores/nearest?lat=${lat}&lng=${lng}&limit=${LIMIT}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`route: ${res.statusCode} ${res.body}`);
    },
    service: (lat, lng) => nearestStores(database, lat, lng, LIMIT),
    raw: (lat, lng) => rawPool.query({ text: NEAREST_SQL, values: [lat, lng, LIMIT], name: 'raw_nearest' }),
  });
  if (!route || !service || !raw) throw new Error('missing timings');

  const plan = await database.executeSql(`explain (analyze, buffers, costs off) ${NEAREST_SQL}`, [
    points[0]![0],
    points[0]![1],
    LIMIT,
  ]);
  const planText = plan.rows.map((r) => String(Object.values(r)[0])).join('\n');
  // The box conditions repeat the whole inlined CTE: the plan's shape is what matters.
  const planShape = planText
    .split('\n')
    .map((line) => (line.length > 150 ? `${line.slice(0, 147)}…` : line))
    .join('\n');
  const indexes = [...planText.matchAll(/(?:Index (?:Only )?Scan using|Bitmap Index Scan on) (\w+)/g)].map(
    (m) => m[1],
  );

  console.log(`\nnearest ${LIMIT} of ${N.toLocaleString('en-IN')} stores, ${QUERIES} query points`);
  console.log(
    `  route   (in-process HTTP)  p50 ${fmt(route.p50)}  p95 ${fmt(route.p95)}  ${(route.p95 / raw.p95).toFixed(2)}× raw`,
  );
  console.log(
    `  service (nearestStores)    p50 ${fmt(service.p50)}  p95 ${fmt(service.p95)}  ${(service.p95 / raw.p95).toFixed(2)}× raw`,
  );
  console.log(`  raw SQL (same statement)   p50 ${fmt(raw.p50)}  p95 ${fmt(raw.p95)}`);
  console.log(
    `  goal: p95 ≤ 20 ms and ≤ 1.5× raw → route ${route.p95 <= 20 && route.p95 / raw.p95 <= 1.5 ? 'met' : 'NOT met'}, service ${service.p95 <= 20 && service.p95 / raw.p95 <= 1.5 ? 'met' : 'NOT met'}`,
  );
  console.log(`  indexes used: ${indexes.length > 0 ? indexes.join(', ') : 'none (sequential scan)'}\n`);
  console.log(planShape);
} finally {
  await app?.close();
  await rawPool.end();
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
