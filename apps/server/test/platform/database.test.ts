import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoEmail } from '@app/contract/permissions';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { stopEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { GENERATION_CHUNK } from '../../src/modules/coupon-batches/coupon-generation';
import { prepareDatabase } from '../../src/prepare';
import { DEMO_PASSWORD } from '../../src/seed/staff';
import { createEmptyDatabase } from '../harness';
import { SERVER_ARGS, SERVER_DIR } from '../server-process';

/** Every start-up wait allows a loaded machine. */
const START_UP = 300_000;

/** The embedded data directories of this file's tests (each test uses `<scratch>/data`). */
const dataDirs: string[] = [];

/** A directory the `postgres` user can enter (mkdtemp's are 0700): the embedded server runs as it under root. */
function scratchDir(prefix: string): string {
  const dir = path.join(os.tmpdir(), `${prefix}${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  dataDirs.push(path.join(dir, 'data'));
  return dir;
}

const children: ChildProcess[] = [];
// A failed test must not leave servers behind: its children die, and so do the clusters they started.
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dataDirs) await stopEmbeddedPostgres(dir).catch(() => {});
}, START_UP);

/**
 * `npm start`'s server in a child process; resolves once it prints its address. `detached`: in a
 * process group of its own, as a shell or a service manager starts it.
 */
function startServer(env: Record<string, string>, options: { detached?: boolean } = {}) {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', TEST_DATABASE_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached,
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  /** Waits for a line of output; a server that exits first fails the wait at once, with its output. */
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (out.includes(text)) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
          clearInterval(timer);
          reject(new Error(`no "${text}" from the server:\n${out}`));
        }
      }, 200);
      const deadline = Date.now() + START_UP;
    });
  return { child, output: () => out, exited, printed };
}

/** Signs in to a started server as almond team and calls its API. */
async function client(output: string) {
  const base = `http://127.0.0.1:${/localhost:(\d+)/.exec(output)![1]}`;
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail('almond team'), password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the API answers
    async call(method: string, url: string, body?: object): Promise<any> {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + START_UP;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('embedded PostgreSQL in DATA_DIR', () => {
  it(
    'dies with the server: a kill of its whole process group leaves no PostgreSQL running',
    async () => {
      const dir = scratchDir('at-group-');
      const dataDir = path.join(dir, 'data');
      const server = startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' }, { detached: true });
      await server.printed('Action Tesa back-office');
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      expect(isRunning(postmaster)).toBe(true);

      process.kill(-server.child.pid!, 'SIGKILL');
      await server.exited;
      await until(async () => !isRunning(postmaster));
      expect(fs.existsSync(pidFile)).toBe(false); // a clean (fast) shutdown, not a crash
      fs.rmSync(dir, { recursive: true, force: true });
    },
    START_UP,
  );

  it(
    'refuses a second opener of the same directory with a clear error, and frees it on close',
    async () => {
      const dataDir = path.join(scratchDir('at-lock-'), 'data');
      const first = await openDatabase({ kind: 'embedded', dataDir });
      expect((await first.executeSql('select 1 as one')).rows[0]!.one).toBe(1);
      await expect(openDatabase({ kind: 'embedded', dataDir })).rejects.toThrow(/already in use by process/);
      await first.close();
      const again = await openDatabase({ kind: 'embedded', dataDir });
      await again.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
    START_UP,
  );

  it(
    'listens on no TCP port when its socket path fits, and keeps its log in the directory',
    async () => {
      const dataDir = path.join(scratchDir('at-sock-'), 'data');
      const database = await openDatabase({ kind: 'embedded', dataDir });
      const settings = await database.executeSql(
        "select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets",
      );
      await database.close();
      expect(settings.rows[0]).toEqual({ listen: '', sockets: path.join(dataDir, 'postgres') });
      expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toMatch(
        /ready to accept connections/,
      );
      expect(fs.statSync(path.join(dataDir, 'postgres.secret')).mode & 0o077).toBe(0);
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
    START_UP,
  );

  it('refuses, untouched, a directory written by the earlier PGlite engine, saying what to do', async () => {
    const dataDir = path.join(scratchDir('at-old-'), 'data');
    fs.mkdirSync(path.join(dataDir, 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    const before = fs.readdirSync(dataDir).sort();
    await expect(openDatabase({ kind: 'embedded', dataDir })).rejects.toThrow(
      /earlier version of this app \(the PGlite engine\).*nothing in it was changed.*move it aside/,
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it(
    'starts the server, exits cleanly on SIGTERM and stops its PostgreSQL; after a kill -9 mid-generation the next start recovers and the generation resumes',
    async () => {
      const dir = scratchDir('at-srv-');
      const dataDir = path.join(dir, 'data');
      const first = startServer({ DATA_DIR: dataDir });
      await first.printed('Demo accounts');
      expect(first.output()).toContain('almond-team@demo.local');
      expect(first.output()).toContain('database: embedded');
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

      // A crash in the middle of a generation: the Node process dies at once, its PostgreSQL is stopped
      // after it by the watchdog (a fast shutdown; the next start recovers either way).
      const second = startServer({ DATA_DIR: dataDir });
      await second.printed('Action Tesa back-office');
      const before = await client(second.output());
      const quantity = 4 * GENERATION_CHUNK;
      const batch = await before.call('POST', '/api/admin/coupon-batches', {
        productId: (await before.call('GET', '/api/admin/products?limit=1')).rows[0].id,
        quantity,
        expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      });
      await until(async () => (await before.call('GET', `/api/admin/coupon-batches/${batch.id}`)).done > 0);
      second.child.kill('SIGKILL');
      await second.exited;
      await until(async () => !fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')));

      const third = startServer({ DATA_DIR: dataDir });
      await third.printed('Action Tesa back-office');
      const after = await client(third.output());
      expect(await after.call('GET', '/api/health')).toEqual({ status: 'ok', database: 'embedded' });
      // The interrupted generation resumes on the new start and makes exactly the codes asked for.
      await until(
        async () => (await after.call('GET', `/api/admin/coupon-batches/${batch.id}`)).status === 'ready',
      );
      const done = await after.call('GET', `/api/admin/coupon-batches/${batch.id}`);
      expect(done).toMatchObject({ status: 'ready', done: quantity });
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      // The demo data of the first start is still there, seeded once.
      const database = await openDatabase({ kind: 'embedded', dataDir });
      const staff = await database.executeSql('select count(*)::int as n from staff');
      await database.close();
      expect(staff.rows[0]!.n).toBe(11);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    3 * START_UP,
  );
});

describe('start-up on a shared PostgreSQL', () => {
  it('migrates exactly once when several instances prepare together', async () => {
    const empty = await createEmptyDatabase('at_migrate');
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: empty.url })),
    );
    await Promise.all(instances.map((db) => prepareDatabase(db, { seedDemo: false })));
    const db = instances[0]!;
    const migrations = await db.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
    const roles = await db.executeSql('select count(*)::int as n from roles');
    const staff = await db.executeSql('select count(*)::int as n from staff');
    expect(migrations.rows[0]!.n).toBe(
      fs.readdirSync(path.join(SERVER_DIR, 'src/db/migrations')).filter((f) => f.endsWith('.sql')).length,
    );
    expect(roles.rows[0]!.n).toBe(11);
    // Production profile: no demo accounts.
    expect(staff.rows[0]!.n).toBe(0);
    await Promise.all(instances.map((i) => i.close()));
    await empty.drop();
  });

  it(
    'three whole servers started at once on a fresh database all come up (migrations, seed, queues)',
    async () => {
      const empty = await createEmptyDatabase('at_three');
      const servers = Array.from({ length: 3 }, () =>
        startServer({ DATABASE_URL: empty.url, SEED_DEMO: '1', DATA_DIR: path.join(os.tmpdir(), 'unused') }),
      );
      for (const server of servers) await server.printed('Action Tesa back-office');
      for (const server of servers) {
        expect(server.output()).not.toMatch(/deadlock|40P01/);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
      await empty.drop();
    },
    2 * START_UP,
  );
});
