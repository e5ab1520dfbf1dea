/**
 * A notification's fan-out to M members (default 1,000,000) the way the task does it (chunks of
 * member ids, one INSERT … SELECT each, committed with the resume point, handed to the push sender),
 * against its ceiling: one raw `INSERT … SELECT` of the same inbox rows into the same table, in the
 * same run. While each runs, `/api/health` of the app (same process, as the worker runs beside the
 * API) is asked in a loop: its p99. Then the inbox is filled to R rows (default 10,000,000) and the
 * member inbox (`GET /api/app/inbox`, `/unread-count`) is read by random members: its p95.
 * PostgreSQL only.
 *
 *   npx tsx bench/notification-fanout.ts [M] [R]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/at_ci (maintenance database; a fresh one is made)
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createMemberSession } from '../apps/server/src/modules/member-auth/member-sessions';
import { FANOUT_CHUNK, fanOut } from '../apps/server/src/modules/notifications/notification-fanout';
import { inboxOf, unreadOf } from '../apps/server/src/modules/notifications/notifications.repository';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const M = Number(process.argv[2] ?? 1_000_000);
/** The task's chunk unless NOTIFICATION_FANOUT_CHUNK says otherwise (as it does for the task). */
const CHUNK = Number(process.env.NOTIFICATION_FANOUT_CHUNK) || FANOUT_CHUNK;
const R = Number(process.argv[3] ?? 10_000_000);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/at_ci';
const name = `bench_fanout_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmt = (n: number) => n.toLocaleString('en-IN');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

async function withAdmin(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** Asks `/api/health` one request after another until stopped; the latencies. */
function probe(url: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return times;
    },
  };
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
let app: FastifyInstance | undefined;
try {
  await prepareDatabase(database, { seedDemo: false });
  const sql = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  let t = performance.now();
  await sql(`insert into members (code, name, mobile, type, date_of_birth, address_line, city, district, state,
      pincode, referral_code, status)
    select 'B' || g, 'Bench ' || g, (6000000000 + g)::text,
      (array['carpenter','contractor','architect','dealer','retailer'])[1 + g % 5], '1990-01-01', 'Street', 'Pune',
      'Pune', 'Maharashtra', '411001', 'RB' || g, case when g % 50 = 0 then 'blocked' else 'approved' end
    from generate_series(1, ${M}) g`);
  await sql('vacuum analyze members');
  console.log(`set-up: ${fmt(M)} members in ${seconds(performance.now() - t)}`);

  const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
  app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent' }), seedDemo: false },
    database,
    jobs,
    files: databaseFileStore(database),
    logger: false,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const health = `${base}/api/health`;
  const newNotification = async () =>
    Number(
      (
        await sql(`insert into notifications (title, body, audience_kind) values ('Bench', 'Bench body', 'all')
          returning id`)
      ).rows[0]!.id,
    );
  const reset = async () => {
    await sql('truncate inbox_messages');
    await sql('checkpoint');
  };
  const expected = Number(
    (await sql(`select count(*)::int as n from members m where m.status not in ('blocked', 'rejected')`))
      .rows[0]!.n,
  );

  // Ceiling: the same rows in one statement, into the same (emptied) table with the same indexes.
  const runCeiling = async () => {
    await reset();
    const id = await newNotification();
    const p = probe(health);
    const t0 = performance.now();
    await sql(
      `insert into inbox_messages (notification_id, member_id)
      select $1, m.id from members m where m.status not in ('blocked', 'rejected')`,
      [id],
    );
    const ms = performance.now() - t0;
    return { ms, health: await p.stop() };
  };
  const runProduct = async () => {
    await reset();
    const id = await newNotification();
    let pushed = 0;
    const p = probe(health);
    const t0 = performance.now();
    const result = await fanOut(database, id, {
      chunk: CHUNK,
      sender: {
        send: async (b) => {
          pushed += b.memberIds.length;
          return b.memberIds.length;
        },
      },
    });
    const ms = performance.now() - t0;
    if (!('recipients' in result) || result.recipients !== expected || pushed !== expected)
      throw new Error(`fan-out reached ${JSON.stringify(result)}, pushed ${pushed}, expected ${expected}`);
    return { ms, health: await p.stop() };
  };

  const ceiling1 = await runCeiling();
  const product1 = await runProduct();
  const ceiling2 = await runCeiling();
  const product2 = await runProduct();
  const ceilingMs = Math.min(ceiling1.ms, ceiling2.ms);
  const productMs = Math.min(product1.ms, product2.ms);
  const productHealth = [...product1.health, ...product2.health];
  const ceilingHealth = [...ceiling1.health, ...ceiling2.health];
  console.log(
    `\nnotification fan-out, ${fmt(M)} members, ${fmt(expected)} recipients (chunk ${fmt(CHUNK)} member ids)`,
  );
  console.log(
    `  product (fanOut: chunked INSERT … SELECT + resume point per chunk + push hand-over): ${seconds(product1.ms)}, ${seconds(product2.ms)}`,
  );
  console.log(
    `  ceiling (one raw INSERT … SELECT of the same rows):                              ${seconds(ceiling1.ms)}, ${seconds(ceiling2.ms)}`,
  );
  console.log(
    `  product / ceiling (best of two each) = ${(productMs / ceilingMs).toFixed(2)}×  (goal ≤ 1.5×)`,
  );
  console.log(
    `  /api/health while the fan-out runs: p50 ${quantile(productHealth, 0.5).toFixed(1)} ms, p99 ${quantile(productHealth, 0.99).toFixed(1)} ms, max ${Math.max(...productHealth).toFixed(1)} ms over ${productHealth.length} requests (goal p99 ≤ 100 ms)`,
  );
  console.log(
    `  /api/health during the raw statement:  p50 ${quantile(ceilingHealth, 0.5).toFixed(1)} ms, p99 ${quantile(ceilingHealth, 0.99).toFixed(1)} ms over ${ceilingHealth.length} requests`,
  );

  // The inbox at R rows: notifications to everyone until the table holds R rows.
  t = performance.now();
  const inboxRows = async () =>
    Number((await sql('select count(*)::bigint as n from inbox_messages')).rows[0]!.n);
  let rows = await inboxRows();
  while (rows < R) {
    const id = await newNotification();
    const take = Math.min(M, R - rows);
    await sql(
      `insert into inbox_messages (notification_id, member_id, read_at)
       select $1, m.id, case when m.id % 3 = 0 then now() end from members m where m.id <= $2`,
      [id, take],
    );
    rows += take;
  }
  await sql('vacuum analyze inbox_messages');
  console.log(`\nset-up: inbox filled to ${fmt(rows)} rows in ${seconds(performance.now() - t)}`);

  const readers: { token: string; memberId: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const memberId = 1 + Math.floor(Math.random() * M);
    readers.push({ memberId, token: await createMemberSession(database.db, memberId) });
  }
  const timed = async (path: string, token: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { nextCursor?: string | null };
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - t0, body };
  };
  for (const r of readers.slice(0, 20)) await timed('/api/app/inbox?limit=5', r.token); // warm-up
  const first: number[] = [];
  const next: number[] = [];
  const unread: number[] = [];
  const query: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const r of readers) {
      const page = await timed('/api/app/inbox?limit=5', r.token);
      first.push(page.ms);
      if (page.body.nextCursor)
        next.push((await timed(`/api/app/inbox?limit=5&cursor=${page.body.nextCursor}`, r.token)).ms);
      unread.push((await timed('/api/app/inbox/unread-count', r.token)).ms);
      const t0 = performance.now();
      await inboxOf(database.db, r.memberId, 6);
      await unreadOf(database.db, r.memberId);
      query.push(performance.now() - t0);
    }
  console.log(`member inbox with ${fmt(rows)} inbox rows (${fmt(first.length)} reads each, HTTP round trip)`);
  console.log(
    `  first page:   p50 ${quantile(first, 0.5).toFixed(1)} ms, p95 ${quantile(first, 0.95).toFixed(1)} ms (goal ≤ 20 ms)`,
  );
  console.log(
    `  next page:    p50 ${quantile(next, 0.5).toFixed(1)} ms, p95 ${quantile(next, 0.95).toFixed(1)} ms`,
  );
  console.log(
    `  unread count: p50 ${quantile(unread, 0.5).toFixed(1)} ms, p95 ${quantile(unread, 0.95).toFixed(1)} ms`,
  );
  console.log(
    `  the two queries alone (page + unread count, no HTTP): p50 ${quantile(query, 0.5).toFixed(1)} ms, p95 ${quantile(query, 0.95).toFixed(1)} ms`,
  );
} finally {
  await app?.close();
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
