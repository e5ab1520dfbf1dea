/**
 * N webhook events (default 100,000) to three subscriptions, recorded by `record_webhook_event` (as a
 * change records them) and drained by the webhook worker to a local receiver, against the ceiling: the
 * same signed requests (same URL, headers, bodies, Standard Webhooks signatures computed per request)
 * sent raw by a minimal client at the same concurrency on a keep-alive agent, in the same run. While
 * the worker drains, `/api/health` is asked in a loop by a child process (p99). Events belong to
 * 10,000 members, so the per-member order is kept as it would be in production.
 * PostgreSQL only; not part of npm test.
 *
 *   npx tsx bench/webhooks.ts [--size N] [--concurrency C]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database; a fresh one is made)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { encryptText } from '../apps/server/src/lib/field-crypto';
import { createWebhookWorker } from '../apps/server/src/modules/webhooks/delivery-worker';
import { newWebhookSecret, WebhookSigner } from '../apps/server/src/modules/webhooks/signing';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = flag('size', 100_000);
const C = flag('concurrency', 32);
const SUBSCRIPTIONS = 3;
const MEMBERS = 10_000;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_webhooks_${process.pid}`;
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

/** The receiver: reads the body and answers 204 at once (no verification: the ceiling's does none either). */
async function receiverStandIn() {
  let got = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got++;
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => got,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The prober's loop: asks the URL, prints the milliseconds it took, waits 10 ms, again. */
const PROBE = `const url = process.argv[1];
for (;;) {
  const t = performance.now();
  await (await fetch(url)).arrayBuffer();
  process.stdout.write((performance.now() - t).toFixed(3) + '\\n');
  await new Promise((r) => setTimeout(r, 10));
}`;

function probe(url: string) {
  const times: number[] = [];
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const orphan = () => child.kill();
  process.once('exit', orphan);
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) times.push(Number(line));
  });
  return {
    times,
    async stop() {
      process.off('exit', orphan);
      child.kill();
      await exited;
      return times;
    },
  };
}

const receiver = await receiverStandIn();
await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
let app: FastifyInstance | undefined;
try {
  await prepareDatabase(database, { seedDemo: false });
  const sql = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', WEBHOOKS_CONCURRENCY: String(C) }),
    seedDemo: false,
  };
  const secrets = Array.from({ length: SUBSCRIPTIONS }, () => newWebhookSecret());
  for (const [i, secret] of secrets.entries())
    await sql(
      `insert into webhook_subscriptions (url, event_types, secret) values ($1, '{points.expired}', $2)`,
      [`${receiver.url}/hooks/${i + 1}`, encryptText(config, secret)],
    );
  let t = performance.now();
  for (let from = 1; from <= N; from += 10_000)
    await sql(
      `select count(record_webhook_event('points.expired', g % ${MEMBERS},
         jsonb_build_object('memberId', g % ${MEMBERS}, 'points', g % 500 + 1, 'balance', g % 9000)))
       from generate_series($1::int, $2::int) g`,
      [from, Math.min(N, from + 9_999)],
    );
  await sql('vacuum analyze webhook_events');
  await sql('vacuum analyze webhook_deliveries');
  const queued = Number((await sql('select count(*)::int as n from webhook_deliveries')).rows[0]!.n);
  console.log(
    `set-up: ${fmt(N)} events, ${fmt(queued)} deliveries to ${SUBSCRIPTIONS} subscriptions recorded in ${seconds(performance.now() - t)}`,
  );

  const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
  app = await buildApp({ config, database, jobs, files: databaseFileStore(database), logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const idleProbe = probe(`${base}/api/health`);
  await new Promise((r) => setTimeout(r, 3000));
  const idleHealth = await idleProbe.stop();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadBefore = load();

  const worker = createWebhookWorker(app, { pollMs: 200 });
  const health = probe(`${base}/api/health`);
  t = performance.now();
  let cpu = process.cpuUsage();
  worker.start();
  let reported = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const busy = (
      await sql(`select exists (select 1 from webhook_deliveries where status = 'queued')
          or exists (select 1 from webhook_deliveries where status = 'sending') as busy`)
    ).rows[0]!.busy;
    if (!busy) break;
    if (performance.now() - reported >= 30_000) {
      reported = performance.now();
      const elapsed = performance.now() - t;
      console.log(
        `  … ${seconds(elapsed)}: ${fmt(receiver.count())} of ${fmt(queued)} delivered (${fmt(Math.round(receiver.count() / (elapsed / 1000)))}/s), health p99 ${quantile(health.times, 0.99).toFixed(1)} ms, load ${load()}`,
      );
    }
  }
  const drained = performance.now() - t;
  const drainCpu = process.cpuUsage(cpu);
  const loadAfter = load();
  await worker.stop();
  const healthTimes = await health.stop();
  const [state] = (
    await sql(`select count(*) filter (where status = 'delivered')::int as delivered,
      count(*) filter (where attempts > 1)::int as retried from webhook_deliveries`)
  ).rows;
  console.log(
    `worker: ${fmt(queued)} deliveries in ${seconds(drained)} (${fmt(Math.round(queued / (drained / 1000)))}/s), ${fmt(Number(state!.delivered))} delivered, ${fmt(Number(state!.retried))} retried, receiver got ${fmt(receiver.count())}`,
  );

  // Ceiling: the same signed requests, raw, at the same concurrency (signing is part of each request).
  const events = (
    await sql(`select event_id, type, created_at, data::text as data from webhook_events order by id`)
  ).rows.map((r) => ({
    id: String(r.event_id),
    body: `{"id":${JSON.stringify(r.event_id)},"type":${JSON.stringify(r.type)},"timestamp":${JSON.stringify(new Date(r.created_at as string).toISOString())},"data":${JSON.stringify(JSON.parse(r.data as string))}}`,
  }));
  const signers = secrets.map((s) => new WebhookSigner([s]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: C });
  const targets = signers.map((_, i) => new URL(`${receiver.url}/hooks/${i + 1}`));
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const event = events[Math.floor(i / SUBSCRIPTIONS)]!;
      const sub = i % SUBSCRIPTIONS;
      const req = http.request(
        targets[sub]!,
        {
          method: 'POST',
          agent,
          headers: {
            ...signers[sub]!.headers(event.id, event.body),
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(event.body),
            'user-agent': 'loyalty-webhooks/1',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve());
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(event.body);
    });
  const total = events.length * SUBSCRIPTIONS;
  let next = 0;
  t = performance.now();
  cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < total) await post(next++);
    }),
  );
  agent.destroy();
  const raw = performance.now() - t;
  const rawCpu = process.cpuUsage(cpu);
  console.log(
    `raw client: ${fmt(total)} signed requests in ${seconds(raw)} (${fmt(Math.round(total / (raw / 1000)))}/s)`,
  );
  console.log(`ratio worker / raw: ${(drained / queued / (raw / total)).toFixed(2)}× (goal ≤ 1.5×)`);
  const perRequest = (u: NodeJS.CpuUsage, n: number) => `${((u.user + u.system) / n).toFixed(0)} µs`;
  console.log(
    `process CPU per request (the receiver is in it too): worker ${perRequest(drainCpu, queued)}, raw ${perRequest(rawCpu, total)}`,
  );
  console.log(
    `/api/health during the drain: ${healthTimes.length} requests, p50 ${quantile(healthTimes, 0.5).toFixed(1)} ms, p99 ${quantile(healthTimes, 0.99).toFixed(1)} ms (goal ≤ 100 ms), max ${Math.max(...healthTimes).toFixed(1)} ms (app idle before it: p99 ${quantile(idleHealth, 0.99).toFixed(1)} ms)`,
  );
  console.log(
    `load average when the drain began: ${loadBefore}; when it ended: ${loadAfter}; now: ${load()}`,
  );
} finally {
  await app?.close();
  await database.close();
  await withAdmin(`drop database ${name}`);
  await receiver.close();
}
