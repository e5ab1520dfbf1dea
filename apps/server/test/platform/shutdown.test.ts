import { type ChildProcess, spawn } from 'node:child_process';
import { demoEmail } from '@app/contract/permissions';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/staff';
import { createTestApp, type TestApp } from '../harness';
import { SERVER_ARGS, SERVER_DIR } from '../server-process';

/** Start-up waits allow a loaded machine. */
const STARTUP_MS = 120_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: { runWorkers: false } });
});
afterAll(() => t.close());

describe('health probes', () => {
  it('live answers without asking anything; ready checks database, migrations, key and storage; /api/health stays', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, encryptionKey: true, storage: true, draining: false },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'postgres',
    });

    // Another key than the database's: not ready (never sent traffic that would fail every reveal).
    const otherKey = await createTestApp({ sharing: t, env: { ENCRYPTION_KEY: 'ab'.repeat(32) } });
    try {
      const res = await otherKey.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: true, encryptionKey: false });
    } finally {
      await otherKey.close();
    }
  });
});

/** `npm start`'s server on the test's database, on a port of its own. */
async function startServer(): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      SEED_DEMO: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '60',
      TEST_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), STARTUP_MS);
    const take = (d: Buffer) => {
      out += d;
      const m = /Action Tesa back-office: (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    void exited.then(() => reject(new Error(`exited: ${out}`)));
  });
  return { child, url, exited };
}

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new ones, then exits', async () => {
    const { child, url, exited } = await startServer();
    try {
      const login = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail('almond team'), password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };

      // The members table locked by the test: a list of members waits for it, in flight.
      const locker = new pg.Client({ connectionString: t.databaseUrl });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table members in access exclusive mode');
      const inFlight = fetch(`${url}/api/admin/users?page=1&perPage=5`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await expect
        .poll(
          async () =>
            (
              await locker.query(
                "select count(*)::int as n from pg_locks where relation = 'members'::regclass and not granted",
              )
            ).rows[0].n,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);

      child.kill('SIGTERM');
      // New requests: the listener is closed (refused) or, on a kept connection, answered 503.
      await expect
        .poll(
          async () =>
            fetch(`${url}/api/health/live`).then(
              (r) => `answered ${r.status}`,
              () => 'refused',
            ),
          { timeout: 30_000 },
        )
        .toMatch(/^(refused|answered 503)$/);

      await locker.query('commit');
      await locker.end();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);
});
