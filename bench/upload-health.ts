/**
 * Whether the server stays answerable while the two largest uploads run: the UTR upload of Approvals →
 * Redemption (19,999 approved cash redemptions marked paid, set-based in one transaction) and Update Bulk
 * Coupon's voucher upload (100,000 codes). On PGlite (one connection) the UTR upload froze the whole
 * process 150–173 s and the voucher upload 13 s.
 *
 * The real server is started as a child process the way `npm start` starts it (`node
 * apps/server/dist/server.mjs`, built by `npm run build`; PORT=0, no DATABASE_URL: the embedded PostgreSQL in a fresh DATA_DIR
 * with the demo data). The redemptions are put in with SQL over a connection to the server's own
 * database (members, their credits, the requests with their ledger holds and history), approved over
 * HTTP by cs (bulk approve, 500 at a time), then marked paid by finance through the UTR upload route
 * (maker-checker: the payer is not the approver); the vouchers are uploaded by almond team. Both
 * files go up as multipart field `file`, as the web sends them.
 *
 * While each upload runs, `GET /api/health` is asked every 100 ms (one request after another, each
 * timed on its own; a request unanswered when the upload ends is waited for and counts in full). The
 * ceiling is the same polling for 10 s on the idle server. Printed per upload: its wall time, the
 * health samples, p50/p99/max and p99 / idle p99; then whether health p99 ≤ 1 s held throughout.
 * Not part of npm test. The server is stopped (SIGTERM, then waited for) and its DATA_DIR removed at
 * the end, also on error.
 *
 *   npm run build && npx tsx bench/upload-health.ts
 *   npx tsx bench/upload-health.ts --database-url [postgres://root@127.0.0.1:5432/postgres]
 *     (an external PostgreSQL instead: a fresh database is made from that maintenance URL, SEED_DEMO=1)
 *   --only utr|voucher   one of the two uploads only
 *   --cpu-prof DIR       the server runs with `--cpu-prof --cpu-prof-dir=DIR` (its profile is written when it stops)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MAX_BULK_DECISIONS } from '@app/contract/decisions';
import { financialYearOf } from '@app/contract/format';
import { VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import { demoEmail } from '@app/contract/permissions';
import { UTR_UPLOAD_COLUMNS } from '@app/contract/redemptions';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/server/src/seed/staff';

const UTR_ROWS = 19_999;
const VOUCHER_ROWS = 100_000;
const MEMBERS = 1_000;
const POINTS = 1_000;
const POLL_MS = 100;
const IDLE_MS = 10_000;
const HEALTH_GOAL_MS = 1_000;
/** Bounds: a health request, an upload, the server's start (migrations and demo data), its stop. */
const HEALTH_TIMEOUT_MS = 120_000;
const UPLOAD_TIMEOUT_MS = 30 * 60_000;
const START_TIMEOUT_MS = 10 * 60_000;
const STOP_TIMEOUT_MS = 60_000;
const MAX_SAMPLES = (UPLOAD_TIMEOUT_MS + HEALTH_TIMEOUT_MS) / POLL_MS;

const ROOT = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const urlFlag = argv.findIndex((a) => a === '--database-url' || a.startsWith('--database-url='));
const admin =
  urlFlag < 0
    ? null
    : argv[urlFlag]!.includes('=')
      ? argv[urlFlag]!.slice('--database-url='.length)
      : argv[urlFlag + 1] && !argv[urlFlag + 1]!.startsWith('--')
        ? argv[urlFlag + 1]!
        : 'postgres://root@127.0.0.1:5432/postgres';
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i < 0 ? null : (argv[i + 1] ?? null);
};
const only = flag('--only');
if (only !== null && only !== 'utr' && only !== 'voucher') throw new Error('--only utr or --only voucher');
const cpuProfDir = flag('--cpu-prof');
const dbName = `bench_upload_health_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin!), { pathname: `/${db}` }).toString();
const dataDir = path.join(os.tmpdir(), `at-upload-health-${process.pid}-${randomBytes(3).toString('hex')}`);

const fmt = (n: number) => n.toLocaleString('en-IN');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const msText = (ms: number) => `${ms.toFixed(1)} ms`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

async function withAdmin(sql: string) {
  const c = new pg.Client({ connectionString: admin! });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

// ── The server, as `npm start` runs it ──

let server: ChildProcess | null = null;
const output: string[] = [];
const remember = (chunk: Buffer) => {
  output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  output.splice(0, Math.max(0, output.length - 40));
};
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts the server; resolves with its port once it prints its address. */
function startServer(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] : []),
      'apps/server/dist/server.mjs',
    ],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server = child;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${seconds(START_TIMEOUT_MS)}`)),
      START_TIMEOUT_MS,
    );
    let line = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      remember(chunk);
      line += chunk.toString('utf8');
      const found = /Action Tesa back-office: http:\/\/localhost:(\d+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        line = '';
        resolve(Number(found[1]));
      } else line = line.slice(-500);
    });
    child.stderr!.on('data', remember);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output.join('\n')}`));
    });
  });
}

/** The embedded cluster's postmaster, from its pid file (null when none is running). */
function postmasterPid(): number | null {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (!(pid > 0)) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

let cleaned = false;
/** SIGTERM to the server and a wait for it (it stops the embedded PostgreSQL); then the data goes. */
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await Promise.race([exited(child), sleep(STOP_TIMEOUT_MS)]);
    if (child.exitCode === null && child.signalCode === null) {
      console.error('the server did not stop within a minute of SIGTERM: SIGKILL');
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  if (admin) await withAdmin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  else {
    // A server killed before it could stop its daemon leaves the postmaster running: stop it (fast).
    const pid = postmasterPid();
    if (pid !== null) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 300 && postmasterPid() !== null; i++) await sleep(100);
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.lock`, { force: true }); // the server's DATA_DIR lock, left only by a SIGKILL
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

// ── HTTP, one helper for every call (no time-out of its own beyond the one given) ──

interface Reply {
  status: number;
  body: Buffer;
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
let port = 0;

function call(
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: Buffer; timeoutMs: number; fresh?: boolean },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        headers: {
          ...options.headers,
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
        },
        agent: options.fresh ? false : keepAlive,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${seconds(options.timeoutMs)}`)),
      options.timeoutMs,
    );
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(options.body);
  });
}

async function json<T>(method: string, urlPath: string, token: string | null, body?: unknown): Promise<T> {
  const res = await call(method, urlPath, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    timeoutMs: 120_000,
  });
  if (res.status !== 200) throw new Error(`${method} ${urlPath}: ${res.status} ${res.body.toString('utf8')}`);
  return JSON.parse(res.body.toString('utf8')) as T;
}

const login = (role: string) =>
  json<{ token: string; data: { id: number } }>('POST', '/api/admin/login', null, {
    email: demoEmail(role),
    password: DEMO_PASSWORD,
  });

/** An xlsx as the web's upload dialog sends it: multipart, one part named `file`. */
async function upload(urlPath: string, token: string, fileName: string, content: Buffer) {
  const boundary = `----upload-health-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t0 = performance.now();
  const res = await call('POST', urlPath, {
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    fresh: true,
  });
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`upload ${urlPath}: ${res.status} ${res.body.toString('utf8')}`);
  return {
    ms,
    result: JSON.parse(res.body.toString('utf8')) as {
      status: string;
      rowsTotal: number;
      rowsApplied: number;
      errorsTotal: number;
      errors: unknown[];
    },
  };
}

/** `GET /api/health` every POLL_MS, one request after another, until stopped; each latency. */
function pollHealth() {
  const samples: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running && samples.length < MAX_SAMPLES) {
      const t0 = performance.now();
      const ok = await call('GET', '/api/health', { timeoutMs: HEALTH_TIMEOUT_MS }).then(
        (r) => r.status === 200,
        () => false,
      );
      samples.push(performance.now() - t0);
      if (!ok) failures++;
      const wait = t0 + POLL_MS - performance.now();
      if (running && wait > 0) await sleep(wait);
    }
  })();
  return {
    async stop() {
      running = false;
      await done; // the request in flight is waited for and counts in full
      return { samples, failures };
    },
  };
}

type Health = Awaited<ReturnType<ReturnType<typeof pollHealth>['stop']>>;
const healthText = (h: Health) =>
  `${fmt(h.samples.length)} samples${h.failures ? ` (${h.failures} failed)` : ''}, p50 ${msText(quantile(h.samples, 0.5))}, p99 ${msText(quantile(h.samples, 0.99))}, max ${msText(Math.max(...h.samples))}`;

// ── The files ──

async function utrWorkbook(ids: number[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('UTR');
  ws.addRow([...UTR_UPLOAD_COLUMNS]);
  ids.forEach((id, i) => {
    ws.addRow([id, `BENCHUTR${String(i).padStart(8, '0')}`]);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function voucherWorkbook(): Promise<Buffer> {
  const brands = ['Amazon Pay', 'Flipkart', 'Myntra', 'Croma'];
  const [y, m, d] = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10).split('-');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Gift vouchers');
  ws.addRow([...VOUCHER_UPLOAD_COLUMNS]);
  for (let i = 0; i < VOUCHER_ROWS; i++)
    ws.addRow([
      brands[i % brands.length],
      [500, 1000, 2000][i % 3],
      `${randomBytes(8).toString('hex').toUpperCase()}-${i}`,
      String(100_000 + ((i * 7_919) % 900_000)),
      `${d}/${m}/${y}`,
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ── The data: members, credits, requests with their holds (SQL), approvals (HTTP, by cs) ──

async function databaseUrl(): Promise<string> {
  if (admin) return urlOf(dbName);
  const password = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const socketDir = pid[4]?.trim() || path.join(dataDir, 'postgres');
  return `postgres://app:${encodeURIComponent(password)}@${encodeURIComponent(socketDir)}:${pid[3]!.trim()}/postgres`;
}

async function requestRedemptions(client: pg.Client): Promise<number[]> {
  await client.query('begin');
  await client.query(
    `insert into members (code, name, mobile, type, status, kyc_status, date_of_birth, address_line, city,
       district, state, pincode, referral_code)
     select 'UHB' || g, 'Upload bench ' || g, (7100000000 + g)::text, 'carpenter', 'approved', 'approved',
       '1990-01-01', 'Street', 'Pune', 'Pune', 'Maharashtra', '411001', 'UHR' || g
     from generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await client.query(
    `select p.posted from members m
       cross join lateral post_points(m.id::int, $1::int, 'adjustment', 'upload-health:' || m.id, null, 'Bench credit') p
     where m.code like 'UHB%'`,
    [Math.ceil(UTR_ROWS / MEMBERS) * POINTS],
  );
  const { rows } = await client.query<{ id: string }>(
    `with m as (select id, row_number() over (order by id) - 1 as k from members where code like 'UHB%')
     insert into redemptions (member_id, kind, points, paise_per_point, value_paise, financial_year,
       prior_fy_value_paise, pan_on_file, tds_rate_bp, tds_paise, tds_borne_by, net_paise, payout, payout_to)
     select m.id, 'cash', $1::int, 25, $1::int * 25, $2, 0, true, 0, 0, 'member', $1::int * 25, 'bank', 'SBI •••• 1234'
     from generate_series(0, $3::int - 1) g join m on m.k = g % $4::int
     order by g
     returning id`,
    [POINTS, financialYearOf(new Date()), UTR_ROWS, MEMBERS],
  );
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  // The hold of each request, in id order, as requestIn posts it; its history's first step.
  await client.query(
    `update redemptions r set hold_entry_id = h.entry_id
     from (select r2.id, p.entry_id from redemptions r2
             cross join lateral post_points(r2.member_id::int, -r2.points, 'redemption_hold', 'redemption:' || r2.id,
               null, 'Redemption ' || r2.id) p
           where r2.id = any($1::bigint[]) order by r2.id) h
     where r.id = h.id`,
    [ids],
  );
  await client.query(
    `insert into redemption_events (redemption_id, to_status, by_member)
     select id, 'requested', true from unnest($1::bigint[]) id`,
    [ids],
  );
  await client.query('commit');
  await client.query('analyze members, points_ledger, redemptions, redemption_events');
  return ids;
}

// ── The run ──

try {
  fs.mkdirSync(dataDir, { mode: 0o755 });
  fs.chmodSync(dataDir, 0o755); // whatever the umask: the embedded server's `postgres` user enters it
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0' };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  if (admin) {
    await withAdmin(`create database ${dbName}`);
    Object.assign(env, { DATABASE_URL: urlOf(dbName), SEED_DEMO: '1' });
  }
  let t = performance.now();
  port = await startServer(env);
  const startMs = performance.now() - t;
  const profile = admin
    ? `PostgreSQL ${new URL(admin).host}, database ${dbName}, SEED_DEMO=1`
    : `embedded PostgreSQL in ${dataDir}`;
  console.log(`upload health: server on port ${port} (${profile}), started in ${seconds(startMs)}`);

  const finance = await login('finance');
  const cs = await login('cs');
  const almond = await login('almond team');

  t = performance.now();
  const client = new pg.Client({ connectionString: await databaseUrl() });
  await client.connect();
  let ids: number[];
  try {
    ids = await requestRedemptions(client);
  } finally {
    await client.end();
  }
  const sqlMs = performance.now() - t;
  t = performance.now();
  let approved = 0;
  for (let i = 0; i < ids.length; i += MAX_BULK_DECISIONS) {
    const { outcomes } = await json<{ outcomes: { outcome: string; error?: string }[] }>(
      'POST',
      '/api/admin/redemptions/bulk/approve',
      cs.token,
      { ids: ids.slice(i, i + MAX_BULK_DECISIONS) },
    );
    approved += outcomes.filter((o) => o.outcome === 'approved').length;
    const skipped = outcomes.find((o) => o.outcome !== 'approved');
    if (skipped) throw new Error(`bulk approve skipped a row: ${JSON.stringify(skipped)}`);
  }
  const approveMs = performance.now() - t;
  t = performance.now();
  const utrFile = await utrWorkbook(ids);
  const voucherFile = only === 'utr' ? Buffer.alloc(0) : await voucherWorkbook();
  console.log(
    `  set-up: ${fmt(ids.length)} cash requests with their holds (SQL) in ${seconds(sqlMs)}; ${fmt(approved)} approved by cs (${Math.ceil(ids.length / MAX_BULK_DECISIONS)} bulk requests) in ${seconds(approveMs)}; files in ${seconds(performance.now() - t)} (UTR ${(utrFile.length / 1e6).toFixed(1)} MB, vouchers ${(voucherFile.length / 1e6).toFixed(1)} MB)`,
  );

  // The ceiling: the same polling on the idle server.
  const idleProbe = pollHealth();
  await sleep(IDLE_MS);
  const idle = await idleProbe.stop();
  const idleP99 = quantile(idle.samples, 0.99);
  console.log(`  ceiling: /api/health on the idle server for ${seconds(IDLE_MS)}: ${healthText(idle)}`);

  const runs: { name: string; health: Health }[] = [];
  const measured = async (name: string, rows: number, go: () => ReturnType<typeof upload>) => {
    const probe = pollHealth();
    let outcome: Awaited<ReturnType<typeof upload>>;
    try {
      outcome = await go();
    } finally {
      runs.push({ name, health: await probe.stop() });
    }
    const { ms, result } = outcome;
    const health = runs.at(-1)!.health;
    console.log(
      `  ${name}: upload ${seconds(ms)} (${fmt(Math.round(rows / (ms / 1000)))} rows/s), ${result.status}, ${fmt(result.rowsApplied)} of ${fmt(result.rowsTotal)} rows applied`,
    );
    console.log(
      `    /api/health meanwhile: ${healthText(health)}; p99 / idle p99 = ${(quantile(health.samples, 0.99) / idleP99).toFixed(1)}×`,
    );
    if (result.rowsApplied !== rows)
      throw new Error(
        `${name}: applied ${result.rowsApplied} of ${rows}: ${JSON.stringify(result.errors.slice(0, 3))}`,
      );
  };

  if (only !== 'voucher')
    await measured(`UTR upload (${fmt(UTR_ROWS)} rows, by finance)`, UTR_ROWS, () =>
      upload('/api/admin/redemptions/utr-upload', finance.token, 'utr.xlsx', utrFile),
    );
  if (only !== 'utr')
    await measured(`voucher upload (${fmt(VOUCHER_ROWS)} rows, by almond team)`, VOUCHER_ROWS, () =>
      upload('/api/admin/gift-vouchers/upload', almond.token, 'gift-vouchers.xlsx', voucherFile),
    );
  const check = new pg.Client({ connectionString: await databaseUrl() });
  await check.connect();
  try {
    const { rows } = await check.query<{ paid: number; vouchers: number }>(
      `select (select count(*)::int from redemptions where id = any($1::bigint[]) and status = 'paid'
                 and paid_by = $2 and approved_by = $3) as paid,
              (select count(*)::int from gift_vouchers where upload_id = (select max(id) from gift_voucher_uploads))
                as vouchers`,
      [ids, finance.data.id, cs.data.id],
    );
    console.log(
      `  in the database: ${fmt(rows[0]!.paid)} of the requests paid by finance, approved by cs; ${fmt(rows[0]!.vouchers)} vouchers from the last upload`,
    );
  } finally {
    await check.end();
  }

  const worst = Math.max(...runs.map((r) => quantile(r.health.samples, 0.99)), idleP99);
  const failed = runs.reduce((n, r) => n + r.health.failures, idle.failures);
  console.log(
    `  health p99 ≤ ${seconds(HEALTH_GOAL_MS)} throughout: ${worst <= HEALTH_GOAL_MS && failed === 0 ? 'yes' : 'NO'} (worst p99 ${msText(worst)}${failed ? `, ${failed} requests failed` : ''})`,
  );
} catch (error) {
  if (output.length > 0) console.error(`last server output:\n${output.join('\n')}`);
  throw error;
} finally {
  keepAlive.destroy();
  await cleanUp();
}
