/**
 * The member scan endpoint under 64 concurrent connections, against its ceiling: a minimal Fastify
 * route doing the same guarded update (active → scanned) + member balance + ledger insert in ONE
 * statement, on the same database with the same pool size. Each side scans its own N fresh codes
 * (default 10,000) from 64 concurrent HTTP workers; members rotate so the per-member scan rate limit
 * (30 a minute) never trips. After a warm-up the two sides alternate in ABBA rounds (the side that
 * runs second used to come out ~25% faster). PostgreSQL only; not part of npm test.
 *
 *   npx tsx bench/scan-throughput.ts [N] [--idempotency-keys] [--caps] [--tiers] [--fraud] [--budget] [--all-rules] [--dealer-share]
 *   (--caps: per-member scan caps per day and month in force, high enough never to refuse, so every
 *   product scan pays for reading them under the member's lock; --tiers: a tier policy in force, with
 *   thresholds members cross during the run, so scans pay for the multiplier and the evaluation on earning;
 *   --all-rules: --caps and --tiers, every scan fraud rule in force with `flag` and limits
 *   never reached (scans per hour, outside the distributor's state, invalid codes, the device and the
 *   location cluster rules) and a budgeted fixed-bonus scheme that never runs out; product scans send
 *   coordinates (each member its own spot in Kerala, decided on the server) and the member's device id;
 *   with --all-rules a third side runs too, the floor: bench/scan-floor.sql, the reads and writes such a
 *   scan cannot do without as one statement on a minimal route, i.e. the best any implementation of the
 *   rules could do here)
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/at_ci (maintenance database; a fresh one is made)
 */

import { readdirSync, readFileSync } from 'node:fs';
import { SCAN_ATTEMPTS_PER_MINUTE } from '@app/contract/coupon-scans';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { products } from '../apps/server/src/db/schema/products';
import {
  insertBatch,
  reserveSerials,
} from '../apps/server/src/modules/coupon-batches/coupon-batches.repository';
import { generateBatch } from '../apps/server/src/modules/coupon-batches/coupon-batches.service';
import { moveCoupons } from '../apps/server/src/modules/coupons/coupon-transitions';
import { createMemberSession } from '../apps/server/src/modules/member-auth/member-sessions';
import { insertTestMember } from '../apps/server/src/modules/members/members.test-kit';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
/** With --idempotency-keys every product scan sends its own key (the transactional path). */
const WITH_KEYS = process.argv.includes('--idempotency-keys');
/** With --all-rules every flag below is on. */
const ALL_RULES = process.argv.includes('--all-rules');
/** With --fraud (or --all-rules) every scan fraud rule is in force, with limits never reached. */
const WITH_FRAUD = ALL_RULES || process.argv.includes('--fraud');
/** With --budget (or --all-rules) a budgeted fixed-bonus scheme that never runs out is active. */
const WITH_BUDGET = ALL_RULES || process.argv.includes('--budget');
/**
 * With --dealer-share every product-side member is a partner of one of 16 dealers and a budgeted
 * dealer share (10% of each scan, to the dealer) is active: each scan also locks and credits a dealer.
 */
const WITH_DEALER_SHARE = process.argv.includes('--dealer-share');
/** With --caps the scan caps are in force (and never reached). */
const WITH_CAPS = ALL_RULES || process.argv.includes('--caps');
/** With --tiers a tier policy is in force (Silver from 50, Gold from 200 points earned). */
const WITH_TIERS = ALL_RULES || process.argv.includes('--tiers');
/**
 * With --metrics the product serves /metrics (METRICS_TOKEN: every request timed by route and status,
 * scans counted by result) and is scraped every 15 s as Prometheus would: run with and without it and
 * compare the node CPU per request (each against the ceiling of its own run).
 */
const WITH_METRICS = process.argv.includes('--metrics');
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** With --all-rules the floor runs as a third side (bench/scan-floor.sql). */
const WITH_FLOOR = ALL_RULES;
const FLOOR_SQL = readFileSync(new URL('./scan-floor.sql', import.meta.url), 'utf8');
const WARMUP = 500;
const ROUNDS = 4;
const CONNECTIONS = 64;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/at_ci';
const name = `bench_scans_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

/** N+WARMUP active codes of a fresh batch, made by the generation task and moved like allocation does. */
async function activeCodes(database: Awaited<ReturnType<typeof openDatabase>>, productId: number, n: number) {
  const { db } = database;
  const batchId = await db.transaction(async (tx) => {
    const firstSerial = await reserveSerials(tx, n);
    return insertBatch(tx, {
      productId,
      quantity: n,
      expiresOn: '2099-12-31',
      firstSerial,
      lastSerial: firstSerial + n - 1,
    });
  });
  await generateBatch({ database } as unknown as FastifyInstance, batchId);
  await db.transaction((tx) =>
    moveCoupons(tx, { where: sql`batch_id = ${batchId}`, from: ['generated'], to: 'active' }),
  );
  const { rows } = await database.executeSql('select code from coupons where batch_id = $1 order by serial', [
    batchId,
  ]);
  return rows.map((r) => String(r.code));
}

interface Run {
  seconds: number;
  /** CPU time of this process (server, client and pg driver together), ms. */
  cpuMs: number;
  /** CPU time of the machine's PostgreSQL processes, ms (0 where /proc does not show them). */
  pgCpuMs: number;
  latencies: number[];
  failures: number;
}

/** CPU time of every process named postgres on this machine, ms, from /proc (Linux: 100 ticks a second). */
function postgresCpuMs() {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10;
}

/** Runs requests `from`..`to` from CONNECTIONS workers, adding their time and latencies to `run`. */
async function load(run: Run, from: number, to: number, send: (i: number) => Promise<Response>) {
  let next = from;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const pgCpu = postgresCpuMs();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i < to; i = next++) {
        const t = performance.now();
        const res = await send(i);
        const body = (await res.json()) as { result?: string; ok?: boolean };
        if (!res.ok || (body.result !== undefined && body.result !== 'success') || body.ok === false)
          run.failures++;
        run.latencies.push(performance.now() - t);
      }
    }),
  );
  run.seconds += (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  run.cpuMs += (used.user + used.system) / 1000;
  run.pgCpuMs += postgresCpuMs() - pgCpu;
}

function summary(run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  return {
    rps: sorted.length / run.seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    failures: run.failures,
    cpu: run.cpuMs / sorted.length,
    pgCpu: run.pgCpuMs / sorted.length,
  };
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
const ceilingPool = new pg.Pool({ connectionString: urlOf(name), max: 10 });
let app: FastifyInstance | undefined;
let ceiling: FastifyInstance | undefined;
try {
  await prepareDatabase(database, { seedDemo: false });
  const [product] = await database.db
    .insert(products)
    .values({ sku: 'BENCH', name: 'Bench', category: 'Bench', unit: 'unit', basePoints: 10 })
    .returning({ id: products.id });
  if (WITH_CAPS)
    await database.executeSql(`insert into points_limits (scan_points_per_day, scan_points_per_month,
      effective_from, status, requested_by) values (1000000, 10000000, now() - interval '1 minute', 'approved', 0)`);
  if (WITH_TIERS)
    await database.executeSql(`insert into tier_policies (period_months, tiers, effective_from, status, requested_by)
      values (12, '[{"name":"Base","nameHi":"बेस","minPoints":0,"multiplier":1,"redeemMinBalance":null},
        {"name":"Silver","nameHi":"सिल्वर","minPoints":50,"multiplier":1.1,"redeemMinBalance":null},
        {"name":"Gold","nameHi":"गोल्ड","minPoints":200,"multiplier":1.25,"redeemMinBalance":null}]',
        now() - interval '1 minute', 'approved', 0)`);
  if (WITH_FRAUD)
    await database.executeSql(`insert into fraud_rules (scans_per_hour, scans_per_hour_action, outside_state_action,
        invalid_code_attempts, invalid_code_window_minutes, invalid_code_lock_minutes, device_cluster_members,
        location_cluster_members, cluster_radius_metres, cluster_window_hours, cluster_action, effective_from, status,
        requested_by)
      values (1000, 'flag', 'flag', 100, 10, 30, 1000, 1000, 200, 24, 'flag', now() - interval '1 minute', 'approved', 0)`);
  if (WITH_BUDGET)
    await database.executeSql(`insert into schemes (name, starts_on, ends_on, rule, bonus_points, status, budget_points)
      values ('Bench budget', current_date - 1, current_date + 30, 'fixed_bonus', 2, 'active', 2000000000)`);
  if (WITH_DEALER_SHARE)
    await database.executeSql(`insert into schemes (name, starts_on, ends_on, rule, share_percent, status, budget_points)
      values ('Bench dealer share', current_date - 1, current_date + 30, 'dealer_share', 10, 'active', 2000000000)`);
  const dealers: number[] = [];
  if (WITH_DEALER_SHARE)
    for (let i = 0; i < 16; i++)
      dealers.push(await insertTestMember(database.db, { type: 'dealer', state: 'Kerala' }));
  const productCodes = await activeCodes(database, product!.id, N + WARMUP);
  const ceilingCodes = await activeCodes(database, product!.id, N + WARMUP);
  const floorCodes = WITH_FLOOR ? await activeCodes(database, product!.id, N + WARMUP) : [];
  // Enough members that none passes the per-minute scan limit during a run.
  const memberCount = Math.ceil((N + WARMUP) / (SCAN_ATTEMPTS_PER_MINUTE - 5));
  const members: { id: number; token: string }[] = [];
  for (let i = 0; i < memberCount; i++) {
    const id = await insertTestMember(database.db, {
      state: 'Kerala',
      ...(WITH_DEALER_SHARE ? { dealerId: dealers[i % dealers.length] } : {}),
    });
    members.push({ id, token: await createMemberSession(database.db, id) });
  }
  // The floor's own members, devices and spots: its attempt records must not count towards the
  // product's per-minute limit, nor its clusters.
  const floorMembers: number[] = [];
  if (WITH_FLOOR)
    for (let i = 0; i < memberCount; i++)
      floorMembers.push(await insertTestMember(database.db, { state: 'Kerala' }));

  const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
  app = await buildApp({
    config: {
      ...loadConfig({ LOG_LEVEL: 'silent', ...(WITH_METRICS ? { METRICS_TOKEN } : {}) }),
      seedDemo: false,
    },
    database,
    jobs,
    files: databaseFileStore(database),
    logger: false,
  });
  const productBase = await app.listen({ port: 0, host: '127.0.0.1' });
  const productUrl = `${productBase}/api/app/scan`;
  if (WITH_METRICS) {
    const scrape = setInterval(() => {
      void fetch(`${productBase}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        .then((r) => r.text())
        .catch(() => {});
    }, 15_000);
    scrape.unref();
  }

  ceiling = Fastify({ logger: false });
  ceiling.post<{ Body: { code: string; memberId: number } }>('/scan', async (request) => {
    // A named statement, as the product's scan is: planned once per connection, not on every call
    // (unnamed, the ceiling spent ~0.26 ms of PostgreSQL CPU a scan planning it).
    const { rowCount } = await ceilingPool.query({
      name: 'scan-ceiling',
      text: `with c as (update coupons set status = 'scanned' where code = $1 and status = 'active' returning serial),
        m as (update members set balance = balance + 10 where id = $2 and exists (select 1 from c) returning balance)
      insert into points_ledger (member_id, amount, kind, reference, balance_after)
      select $2, 10, 'scan', 'scan:' || c.serial, m.balance from c, m`,
      values: [request.body.code, request.body.memberId],
    });
    return { ok: rowCount === 1 };
  });
  ceiling.post<{
    Body: { code: string; memberId: number; latitude: number; longitude: number; deviceId: string };
  }>('/floor', async ({ body }) => {
    const { rows } = await ceilingPool.query({
      name: 'scan-floor',
      text: FLOOR_SQL,
      values: [body.code, body.memberId, body.latitude, body.longitude, body.deviceId],
    });
    return { ok: rows[0]?.ok === true };
  });
  const ceilingBase = await ceiling.listen({ port: 0, host: '127.0.0.1' });
  const ceilingUrl = `${ceilingBase}/scan`;

  const member = (i: number) => members[i % members.length]!;
  // Each member scans from its own phone and its own spot in Kerala: the centre of its own 0.01° grid
  // cell (~1 km apart), so the location cluster rule's cell locks of two members never meet (a spot on
  // a cell's edge would lock the neighbours' cells too).
  const placeOf = (i: number, side = 'bench') => ({
    deviceId: `${side}-device-${i % members.length}`,
    latitude: (side === 'floor' ? 10.505 : 9.505) + ((i % members.length) % 40) * 0.02,
    longitude: 76.305 + Math.floor((i % members.length) / 40) * 0.02,
  });
  const productScan = (i: number) =>
    fetch(productUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${member(i).token}`,
        ...(WITH_KEYS ? { 'idempotency-key': `bench-scan-${i}` } : {}),
      },
      body: JSON.stringify({
        code: productCodes[i],
        state: 'Kerala',
        ...(WITH_FRAUD ? placeOf(i) : {}),
      }),
    });
  const ceilingScan = (i: number) =>
    fetch(ceilingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: ceilingCodes[i], memberId: member(i).id }),
    });
  const floorScan = (i: number) =>
    fetch(`${ceilingBase}/floor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        code: floorCodes[i],
        memberId: floorMembers[i % floorMembers.length],
        ...placeOf(i, 'floor'),
      }),
    });

  // Whichever side runs second was measured ~25% faster here (JIT and caches warming), so after a
  // warm-up the sides alternate in ABBA rounds and each side's figures add up over its rounds.
  const fresh = (): Run => ({ seconds: 0, cpuMs: 0, pgCpuMs: 0, latencies: [], failures: 0 });
  const scans = { product: productScan, ceiling: ceilingScan, floor: floorScan };
  const sides = WITH_FLOOR ? (['product', 'ceiling', 'floor'] as const) : (['product', 'ceiling'] as const);
  const runs = { product: fresh(), ceiling: fresh(), floor: fresh() };
  for (const side of sides) await load(fresh(), 0, WARMUP, scans[side]);
  // The tables' statistics, as autovacuum keeps them in production (it analyses a table once a tenth
  // of it changed). The machines here run PostgreSQL with autovacuum off, so without this every plan
  // is made from the empty tables of the set-up: the per-hour count's generic plan then ANDed the
  // member's scans with every successful scan (coupon_scans_one_success), 0.7 ms and growing per scan.
  const analyse = () => database.executeSql('analyze');
  await analyse();
  const perRound = Math.ceil(N / ROUNDS);
  for (let r = 0; r < ROUNDS; r++) {
    if (r > 0) await analyse();
    const from = WARMUP + r * perRound;
    const to = Math.min(WARMUP + N, from + perRound);
    // ABBA (ABC CBA with the floor): each side runs first, and last, as often as the others.
    const order = r % 4 === 0 || r % 4 === 3 ? sides : [...sides].reverse();
    for (const side of order) await load(runs[side], from, to, scans[side]);
  }
  const p = summary(runs.product);
  const c = summary(runs.ceiling);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const line = (label: string, s: ReturnType<typeof summary>) =>
    `  ${label.padEnd(86)}${Math.round(s.rps)} req/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  failures ${s.failures}  node CPU ${s.cpu.toFixed(2)}  PostgreSQL CPU ${s.pgCpu.toFixed(2)} ms/req`;
  console.log(
    `scan throughput, N = ${N.toLocaleString('en-IN')} per side, ${CONNECTIONS} concurrent connections${WITH_KEYS ? ', product scans with Idempotency-Key' : ''}${WITH_CAPS ? ', scan caps in force' : ''}${WITH_TIERS ? ', tiers in force' : ''}${WITH_FRAUD ? ', all fraud rules in force' : ''}${WITH_BUDGET ? ', a budgeted scheme active' : ''}${WITH_DEALER_SHARE ? ', a budgeted dealer share active (16 dealers)' : ''}`,
  );
  console.log(
    line('product  (POST /api/app/scan: auth, checks, guarded update, ledger, attempt record):', p),
  );
  console.log(line('ceiling  (minimal Fastify route, one statement):', c));
  if (WITH_FLOOR)
    console.log(
      line("floor    (minimal route, the rules' reads and writes in one statement):", summary(runs.floor)),
    );
  console.log(`  throughput product / ceiling = ${(p.rps / c.rps).toFixed(2)}× (goal ≥ 0.85×)`);
  console.log(
    `  node CPU product / ceiling   = ${(p.cpu / c.cpu).toFixed(2)}×${WITH_METRICS ? ' (with /metrics)' : ''}`,
  );
  console.log(`  p99 product / ceiling        = ${(p.p99 / c.p99).toFixed(2)}× (goal ≤ 1.5×)`);
  if (WITH_FLOOR) {
    const f = summary(runs.floor);
    console.log(
      `  throughput floor / ceiling   = ${(f.rps / c.rps).toFixed(2)}× (the most any implementation of the rules reaches here)`,
    );
    console.log(`  throughput product / floor   = ${(p.rps / f.rps).toFixed(2)}×`);
    console.log(`  p99 floor / ceiling          = ${(f.p99 / c.p99).toFixed(2)}×`);
  }
} finally {
  await app?.close();
  await ceiling?.close();
  await ceilingPool.end();
  await database.close();
  // BENCH_KEEP=1 keeps the database (its name is printed) to look into afterwards with psql.
  if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
  else await withAdmin(`drop database if exists ${name} with (force)`);
}
