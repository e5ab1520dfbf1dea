/**
 * A segment's live count over M members (default 1,000,000) the way the console asks for it
 * (`GET /api/admin/segments/count`: the conditions compiled by modules/segments/segment-sql.ts, one
 * COUNT), against its ceiling: the same condition written by hand as raw SQL with literals, on the
 * same database in the same run. The condition is the brief's example, "Gold carpenters in Pune who
 * did not scan in 30 days", plus a balance floor; a third of the members have scans. After a warm-up
 * the sides alternate in ABBA rounds; the medians and their ratio are printed (goal ≤ 1.5×).
 * PostgreSQL only; not part of npm test.
 *
 *   npx tsx bench/segments.ts [M] [ROUNDS]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/at_ci (maintenance database; a fresh one is made)
 */
import type { SegmentConditions } from '@app/contract/segments';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const M = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = Number(process.argv[3] ?? 4);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/at_ci';
const name = `bench_segments_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const fmt = (n: number) => n.toLocaleString('en-IN');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function withAdmin(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const conditions: SegmentConditions = {
  types: ['carpenter'],
  tiers: ['Gold'],
  states: ['Maharashtra'],
  districts: ['Pune'],
  notScannedForDays: 30,
  balanceMin: 100,
};
const RAW = `select count(*)::int as n from members m
  where m.type = 'carpenter' and lower(m.tier) = 'gold' and m.state = 'Maharashtra' and lower(m.district) = 'pune'
    and not exists (select 1 from coupon_scans cs where cs.member_id = m.id and cs.result = 'success'
      and cs.created_at > now() - interval '30 days')
    and m.balance >= 100`;

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
let app: FastifyInstance | undefined;
try {
  await prepareDatabase(database, { seedDemo: false });
  const sql = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  const t = performance.now();
  await sql(`insert into members (code, name, mobile, type, date_of_birth, address_line, city, district, state,
      pincode, referral_code, status, tier, balance, created_at)
    select 'B' || g, 'Bench ' || g, (6000000000 + g)::text,
      (array['carpenter','contractor','architect','dealer','retailer'])[1 + g % 5], '1990-01-01', 'Street',
      'City', (array['Pune','Nashik','Nagpur','Thane'])[1 + (g / 7) % 4],
      (array['Maharashtra','Gujarat','Kerala'])[1 + (g / 3) % 3], '411001', 'RB' || g, 'approved',
      (array['Bronze','Silver','Gold'])[1 + (g / 11) % 3], (g * 37) % 1000, now() - make_interval(days => g % 700)
    from generate_series(1, ${M}) g`);
  // A third of the members scanned, some within 30 days and some before.
  await sql(`insert into coupon_scans (member_id, code, result, points, created_at)
    select m.id, 'C' || m.id, 'success', 10, now() - make_interval(days => (m.id % 60)::int)
    from members m where m.id % 3 = 0`);
  await sql('vacuum analyze members');
  await sql('vacuum analyze coupon_scans');
  console.log(`set-up: ${fmt(M)} members in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
  app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent' }), seedDemo: false },
    database,
    jobs,
    files: databaseFileStore(database),
    logger: false,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@demo.local', password: 'demo1234' },
  });
  const token = login.statusCode === 200 ? (login.json() as { token: string }).token : undefined;
  const product = async () => {
    const t0 = performance.now();
    let n: number;
    if (token) {
      const res = await app!.inject({
        method: 'GET',
        url: `/api/admin/segments/count?conditions=${encodeURIComponent(JSON.stringify(conditions))}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`count: ${res.statusCode} ${res.body}`);
      n = (res.json() as { members: number }).members;
    } else {
      const { countSegment } = await import('../apps/server/src/modules/segments/segments.repository');
      n = await countSegment(database.db, conditions);
    }
    return { ms: performance.now() - t0, n };
  };
  const raw = async () => {
    const t0 = performance.now();
    const n = Number((await sql(RAW)).rows[0]!.n);
    return { ms: performance.now() - t0, n };
  };
  const how = token
    ? 'HTTP (inject), access check included'
    : 'service function (no demo staff to sign in as)';
  await product();
  await raw();
  const times = { product: [] as number[], raw: [] as number[] };
  let counts = { product: 0, raw: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['product', 'raw'] as const) : (['raw', 'product'] as const);
    for (const side of [...order, ...[...order].reverse()]) {
      const r = side === 'product' ? await product() : await raw();
      times[side].push(r.ms);
      counts = { ...counts, [side]: r.n };
    }
  }
  if (counts.product !== counts.raw) throw new Error(`counts differ: ${counts.product} vs ${counts.raw}`);
  const p = median(times.product);
  const c = median(times.raw);
  console.log(
    `segment count over ${fmt(M)} members (${fmt(counts.product)} match), ${ROUNDS} ABBA rounds, ${how}`,
  );
  console.log(
    `  segment (compiled, parameterised): median ${p.toFixed(1)} ms  [${times.product.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  raw SQL (hand-written literals):   median ${c.toFixed(1)} ms  [${times.raw.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(`  segment / raw = ${(p / c).toFixed(2)}× (goal ≤ 1.5×)`);
} finally {
  await app?.close();
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
