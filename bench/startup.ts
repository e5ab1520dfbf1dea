/**
 * How long a start takes to answer /api/health, and the server process's memory (RSS) then, for
 * - a first start of the demo profile (a new embedded database: initdb, migrations, demo data),
 * - a restart of it (the same data folder),
 * - a production start on PostgreSQL (DATABASE_URL; a new database, then a restart on it),
 * each against its floor in the same run: a bare Fastify server with the same configuration and database
 * opening (bench/startup-floor.ts, which starts the embedded PostgreSQL or opens the pool the same way).
 * Both sides run as compiled JavaScript with `node`, as `npm start` does.
 *
 *   npm run build && npx tsx bench/startup.ts [ROUNDS] [--from-source]
 *
 * `--from-source` starts the product as `npm start` did before it was compiled (`node --import tsx
 * apps/server/src/server.ts`), for a before-and-after; that `npm start` also rebuilt both web apps first.
 *
 * PostgreSQL at BENCH_PG_URL (default postgres://root@127.0.0.1:5432/postgres) for the production rows;
 * port BENCH_PORT (default 3195). Each row is the median of ROUNDS (default 3) starts.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROUNDS = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 3);
const FROM_SOURCE = process.argv.includes('--from-source');
const PORT = Number(process.env.BENCH_PORT ?? 3195);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
const product = FROM_SOURCE ? 'apps/server/src/server.ts' : path.join(root, 'apps/server/dist/server.mjs');
if (!fs.existsSync(product)) throw new Error('Build first: npm run build');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
// The embedded PostgreSQL runs as another user when started as root: its folders must be reachable.
fs.chmodSync(work, 0o755);
// Inside the checkout, where its npm packages resolve as the server's do.
execFileSync(process.execPath, ['apps/server/build.mjs', 'bench/startup-floor.ts', 'bench/dist'], {
  cwd: root,
  stdio: 'inherit',
});
const floor = path.join(root, 'bench/dist/startup-floor.mjs');

interface Start {
  seconds: number;
  rssMb: number;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Starts `script` with `env`, times it to a healthy answer, reads its RSS, and stops it (SIGTERM). */
async function timedStart(script: string, env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return { seconds: (performance.now() - started) / 1000, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What production needs to start (bench/startup.ts sends nothing: the gateways are never called). */
const productionEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  ENCRYPTION_KEY: 'ab'.repeat(32),
  SCAN_BASE_URL: 'https://scan.example.in',
  SMS_SENDER: 'msg91',
  MSG91_AUTH_KEY: 'bench',
  MSG91_SENDER_ID: 'BENCHX',
  MSG91_DLT_ENTITY_ID: '1201000000000000000',
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Row {
  name: string;
  product: Start[];
  floor: Start[];
}
const rows: Row[] = [
  { name: 'first start (demo, new embedded database)', product: [], floor: [] },
  { name: 'restart (demo, same data folder)', product: [], floor: [] },
  { name: 'production first start (new PostgreSQL database)', product: [], floor: [] },
  { name: 'production restart (PostgreSQL)', product: [], floor: [] },
];

for (let round = 0; round < ROUNDS; round++) {
  for (const [side, script] of [
    ['product', product],
    ['floor', floor],
  ] as const) {
    const dataDir = path.join(work, `${side}-${round}`);
    rows[0]![side].push(await timedStart(script, { DATA_DIR: dataDir }));
    rows[1]![side].push(await timedStart(script, { DATA_DIR: dataDir }));
    const env = productionEnv(await freshDatabase(`bench_startup_${side}_${round}`));
    rows[2]![side].push(await timedStart(script, env));
    rows[3]![side].push(await timedStart(script, env));
  }
}

console.log(`\nstart to /api/health, median of ${ROUNDS} (RSS of the server process at that moment)`);
console.log(
  `${'start'.padEnd(50)} ${'product'.padStart(9)} ${'floor'.padStart(9)} ${'ratio'.padStart(7)}  ${'RSS product'.padStart(12)} ${'RSS floor'.padStart(10)}`,
);
for (const row of rows) {
  const p = median(row.product.map((s) => s.seconds));
  const f = median(row.floor.map((s) => s.seconds));
  const pm = median(row.product.map((s) => s.rssMb));
  const fm = median(row.floor.map((s) => s.rssMb));
  console.log(
    `${row.name.padEnd(50)} ${`${p.toFixed(2)} s`.padStart(9)} ${`${f.toFixed(2)} s`.padStart(9)} ${`${(p / f).toFixed(2)}x`.padStart(7)}  ${`${pm.toFixed(0)} MB`.padStart(12)} ${`${fm.toFixed(0)} MB`.padStart(10)}`,
  );
}

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
for (let round = 0; round < ROUNDS; round++)
  for (const side of ['product', 'floor'])
    await admin.query(`drop database if exists bench_startup_${side}_${round} with (force)`);
await admin.end();
fs.rmSync(work, { recursive: true, force: true });
