/**
 * N push messages from one notification (default 1,000,000; `--size N` or the first argument) queued by
 * the fan-out into the outbox and drained by the outbox worker to a local FCM HTTP v1 stand-in, against
 * the ceiling: the same N requests (same URL, bearer and body shape) sent raw by a minimal client at the
 * same concurrency, in the same run (node:http on a keep-alive agent, the transport the providers' calls
 * use: the ratio is what the outbox adds, not a choice of HTTP client). While the outbox drains, a one-time code is queued every 100 ms
 * (they must jump the queue: p99 of queued → sent) and `/api/health` is asked in a loop by a child
 * process (p99).
 * PostgreSQL only.
 *
 *   npx tsx bench/outbox.ts [--size N] [--concurrency C] [--raw-size R]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database; a fresh one is made)
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { queueMessage, secondsFromNow } from '../apps/server/src/modules/messages/outbox';
import { createOutbox } from '../apps/server/src/modules/messages/outbox-worker';
import { fanOut } from '../apps/server/src/modules/notifications/notification-fanout';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0) return Number(process.argv[i + 1]);
  const positional = process.argv.slice(2).find((a) => /^\d+$/.test(a));
  return name === 'size' && positional ? Number(positional) : fallback;
};
const N = flag('size', 1_000_000);
const C = flag('concurrency', 32);
/** Requests of the raw half (default: as many as the outbox sent); fewer makes a long run shorter, compared per message. */
const RAW = flag('raw-size', 0);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_outbox_${process.pid}`;
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

/** The FCM stand-in: the token endpoint and messages:send, answering at once (no checks: the ceiling's too). */
async function fcmStandIn() {
  let sent = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/token') res.end(JSON.stringify({ access_token: 'ya29.bench', expires_in: 3599 }));
      else {
        sent++;
        res.end(JSON.stringify({ name: `projects/bench/messages/${sent}` }));
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => sent,
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

/**
 * Asks `url` in a loop from a child process, as a monitor outside the app does: fetch's own cost
 * (about a millisecond of CPU a request here) is then not charged to the process whose drain is
 * measured, while the app's answering still is. `times` fills as the answers come.
 */
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

const fcm = await fcmStandIn();
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = JSON.stringify({
  project_id: 'bench',
  client_email: 'bench@bench.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  token_uri: `${fcm.url}/token`,
});
await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
let app: FastifyInstance | undefined;
try {
  await prepareDatabase(database, { seedDemo: false });
  const sql = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  let t = performance.now();
  await sql(`insert into members (code, name, mobile, type, date_of_birth, address_line, city, district, state,
      pincode, referral_code, status)
    select 'B' || g, 'Bench ' || g, (6000000000 + g)::text, 'carpenter', '1990-01-01', 'Street', 'Pune',
      'Pune', 'Maharashtra', '411001', 'RB' || g, 'approved' from generate_series(1, ${N}) g`);
  await sql(`insert into member_devices (member_id, token, platform)
    select id, 'bench-token-' || id, 'android' from members`);
  await sql('vacuum analyze members');
  await sql('vacuum analyze member_devices');
  console.log(`set-up: ${fmt(N)} members with a device in ${seconds(performance.now() - t)}`);

  const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
  app = await buildApp({
    config: {
      ...loadConfig({
        LOG_LEVEL: 'silent',
        FCM_SERVICE_ACCOUNT: key,
        FCM_BASE_URL: fcm.url,
        MESSAGES_RATE_PER_SECOND: '100000',
      }),
      seedDemo: false,
    },
    database,
    jobs,
    files: databaseFileStore(database),
    logger: false,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // One worker at concurrency C drains: the app's own (started when it is ready) stands down.
  await app.outbox.stop();

  // The notification's fan-out queues the push rows (inbox rows too), as the task does.
  const [row] = (
    await sql(`insert into notifications (title, body, audience_kind) values ('Offer', 'Double points', 'all')
      returning id`)
  ).rows;
  t = performance.now();
  await fanOut(database, Number(row!.id), { sender: { send: async (b) => b.memberIds.length } });
  const queued = Number(
    (await sql("select count(*)::int as n from member_messages where channel = 'push'")).rows[0]!.n,
  );
  console.log(`fan-out: ${fmt(queued)} push messages queued in ${seconds(performance.now() - t)}`);
  // As autovacuum would soon after a million inserts: the claim's plan then knows the table.
  await sql('vacuum analyze member_messages');

  // What the machine's load alone costs /api/health: probed for 3 s with the app idle (no drain).
  const idleProbe = probe(`${base}/api/health`);
  await new Promise((r) => setTimeout(r, 3000));
  const idleHealth = await idleProbe.stop();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadBefore = load();

  // The outbox drains them at concurrency C; codes are queued meanwhile; health is probed.
  const outbox = createOutbox(app, { concurrency: C, pollMs: 200 });
  const health = probe(`${base}/api/health`);
  let otps = 0;
  const otpTimer = setInterval(() => {
    const n = otps++;
    void database.db
      .transaction((tx) =>
        queueMessage(app!, tx, {
          channel: 'sms',
          templateKey: 'otp',
          to: String(7000000000 + n),
          variables: { code: '123456', minutes: 5 },
          cause: { kind: 'bench_otp', id: n },
          expiresAt: secondsFromNow(300),
        }),
      )
      .then(() => outbox.nudge());
  }, 100);
  t = performance.now();
  let cpu = process.cpuUsage();
  outbox.start();
  let reported = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    // Whether any push is still queued or being sent: one look into each partial index (a count of a
    // million rows twice a second would be a scan competing with the drain it measures).
    const busy = (
      await sql(`select exists (select 1 from member_messages where status = 'queued' and channel = 'push')
          or exists (select 1 from member_messages where status = 'sending' and channel = 'push') as busy`)
    ).rows[0]!.busy;
    if (!busy) break;
    const done = fcm.count();
    // A long run says how it goes every 30 s (a run cut short still has its figures).
    if (performance.now() - reported >= 30_000) {
      reported = performance.now();
      const elapsed = performance.now() - t;
      const codes = (
        await sql(`select extract(epoch from (sent_at - created_at)) * 1000 as ms from member_messages
          where cause_kind = 'bench_otp' and sent_at is not null`)
      ).rows.map((r) => Number(r.ms));
      const used = process.cpuUsage(cpu);
      console.log(
        `  … ${seconds(elapsed)}: ${fmt(done)} of ${fmt(queued)} sent (${fmt(Math.round(done / (elapsed / 1000)))}/s, CPU ${((used.user + used.system) / Math.max(1, done)).toFixed(0)} µs each), codes p99 ${quantile(codes, 0.99).toFixed(0)} ms, health p99 ${quantile(health.times, 0.99).toFixed(1)} ms, load ${load()}`,
      );
    }
  }
  const drained = performance.now() - t;
  const drainCpu = process.cpuUsage(cpu);
  const loadAfter = load();
  clearInterval(otpTimer);
  await new Promise((r) => setTimeout(r, 1500));
  await outbox.stop();
  const healthTimes = await health.stop();
  const failed = Number(
    (await sql("select count(*)::int as n from member_messages where status = 'failed'")).rows[0]!.n,
  );
  const otpLatency = (
    await sql(`select extract(epoch from (sent_at - created_at)) * 1000 as ms from member_messages
      where cause_kind = 'bench_otp' and sent_at is not null`)
  ).rows.map((r) => Number(r.ms));
  console.log(
    `outbox: ${fmt(queued)} pushes in ${seconds(drained)} (${fmt(Math.round(queued / (drained / 1000)))}/s), ${failed} failed, stand-in got ${fmt(fcm.count())}`,
  );

  // Ceiling: the same requests, raw, at the same concurrency.
  const body = (i: number) =>
    JSON.stringify({
      message: {
        token: `bench-token-${i}`,
        notification: { title: 'Offer', body: 'Offer: Double points' },
        data: { messageId: String(i), event: 'notification' },
      },
    });
  // The minimal client: node:http on one keep-alive agent, as the providers' calls are made.
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(`${fcm.url}/v1/projects/bench/messages:send`);
  const post = (payload: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: 'Bearer ya29.bench',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve();
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const rawCount = RAW > 0 ? Math.min(RAW, queued) : queued;
  let next = 0;
  t = performance.now();
  cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < rawCount) await post(body(next++));
    }),
  );
  agent.destroy();
  const raw = performance.now() - t;
  const rawCpu = process.cpuUsage(cpu);
  console.log(
    `raw client: ${fmt(rawCount)} requests in ${seconds(raw)} (${fmt(Math.round(rawCount / (raw / 1000)))}/s)`,
  );
  // Time per message of each half (the same as whole times when both sent as many).
  console.log(`ratio outbox / raw: ${(drained / queued / (raw / rawCount)).toFixed(2)}×`);
  // This process's CPU per message in each half (the stand-in is in it too): what the worker adds here.
  const perMessage = (u: NodeJS.CpuUsage, n: number) => `${((u.user + u.system) / n).toFixed(0)} µs`;
  console.log(
    `process CPU per message: outbox ${perMessage(drainCpu, queued)} (${seconds((drainCpu.user + drainCpu.system) / 1000)} of ${seconds(drained)}), raw ${perMessage(rawCpu, rawCount)} (${seconds((rawCpu.user + rawCpu.system) / 1000)} of ${seconds(raw)})`,
  );
  console.log(
    `one-time codes queued meanwhile: ${otpLatency.length}, queued → sent p50 ${quantile(otpLatency, 0.5).toFixed(0)} ms, p99 ${quantile(otpLatency, 0.99).toFixed(0)} ms, max ${Math.max(...otpLatency).toFixed(0)} ms`,
  );
  console.log(
    `/api/health during the drain: ${healthTimes.length} requests, p50 ${quantile(healthTimes, 0.5).toFixed(1)} ms, p99 ${quantile(healthTimes, 0.99).toFixed(1)} ms, max ${Math.max(...healthTimes).toFixed(1)} ms (app idle before it, same load: p99 ${quantile(idleHealth, 0.99).toFixed(1)} ms, max ${Math.max(...idleHealth).toFixed(1)} ms)`,
  );
  console.log(
    `load average (1, 5, 15 min) when the drain began: ${loadBefore}; when it ended: ${loadAfter}; now: ${load()}`,
  );
} finally {
  await app?.close();
  await database.close();
  await withAdmin(`drop database ${name}`);
  await fcm.close();
}
