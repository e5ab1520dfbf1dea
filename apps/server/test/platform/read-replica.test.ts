import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { createMemberSession } from '../../src/modules/member-auth';
import { insertTestMember } from '../../src/modules/members/members.test-kit';
import { createJobs, type Jobs } from '../../src/plugins/jobs';
import { databaseFileStore } from '../../src/plugins/storage';
import { prepareDatabase } from '../../src/prepare';
import { type StreamingPair, startStreamingPair } from '../streaming-replica.test-kit';

/**
 * Against a real streaming replica (PostgreSQL 15's pg_basebackup -R of a primary of the test's
 * own). A row that is only on the replica (replay paused, then deleted on the primary) shows where a
 * read went: list counts read the replica, the scan path reads and writes the primary; a lagging or
 * stopped replica is not read, and /metrics says so.
 */
const METRICS_TOKEN = 'replica-test-metrics-token-0123';
const ADMIN = { email: 'ops-admin@example.test', password: 'Replica-Test-Pass-2026!' };
const MAX_LAG = 10;

let pair: StreamingPair;
let database: Database;
let app: FastifyInstance;
let jobs: Jobs;
let token: string;

beforeAll(async () => {
  pair = await startStreamingPair();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: pair.primaryUrl,
    DATABASE_READ_URL: pair.replicaUrl,
    DATABASE_READ_MAX_LAG_SECONDS: String(MAX_LAG),
    SEED_DEMO: '1',
    METRICS_TOKEN,
  });
  database = await openDatabase(config.database, config.operations.readReplica);
  await prepareDatabase(database, { seedDemo: false, firstAdmin: ADMIN });
  // Signing in with a password alone (the second factor has tests of its own).
  await database.executeSql('update roles set mfa_required = false');
  jobs = createJobs(database, { runWorkers: false });
  app = await buildApp({ config, database, jobs, files: databaseFileStore(database), logger: false });
  await jobs.start();
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  expect(login.statusCode).toBe(200);
  token = login.json().token;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await jobs?.stop();
  await database?.close();
  await pair?.stop();
});

const usersTotal = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/users?page=1&perPage=1',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; rows: unknown[] };
};

const metrics = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const sample = (body: string, name: string) => {
  const line = body.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe('read replica', () => {
  it('counts lists on the replica, scans on the primary; a lagging or stopped replica is not read', async () => {
    const replica = database.replica!;
    const checked = async () => {
      await replica.check();
      return replica.state();
    };
    for (let i = 0; i < 3; i++) await insertTestMember(database.db);
    const gone = await insertTestMember(database.db);
    await pair.caughtUp();
    await replica.check();
    expect(replica.state()).toMatchObject({ up: true, inUse: true });
    expect(await usersTotal()).toMatchObject({ total: 4 });

    // Replay paused: the member deleted now is still on the replica, and only there.
    await pair.onReplica('select pg_wal_replay_pause()');
    await database.executeSql('delete from members where id = $1', [gone]);
    const list = await usersTotal();
    expect(list.total).toBe(4); // counted on the replica
    expect(list.rows).toHaveLength(1); // the page itself from the primary

    // A member made after the pause exists only on the primary: its scan is decided and recorded there.
    const member = await insertTestMember(database.db);
    const session = await createMemberSession(database.db, member);
    const scan = await app.inject({
      method: 'POST',
      url: '/api/app/scan',
      payload: { code: 'NOTACODE77' },
      headers: { authorization: `Bearer ${session}` },
    });
    expect(scan.statusCode).toBe(200);
    const attempts = 'select count(*)::int as n from coupon_scans where member_id = ';
    expect((await database.executeSql(`${attempts}$1`, [member])).rows[0]!.n).toBe(1);
    expect((await pair.onReplica(`${attempts}${member}`))[0]!.n).toBe(0);

    // Still paused, past the allowed lag: lists are counted on the primary, and /metrics shows why.
    await expect
      .poll(async () => (await checked()).lagSeconds ?? 0, {
        timeout: 60_000,
        interval: 500,
      })
      .toBeGreaterThan(MAX_LAG);
    expect((await usersTotal()).total).toBe(4); // the primary: 3 before + the scanning member
    let body = await metrics();
    expect(sample(body, 'db_replica_up')).toBe(1);
    expect(sample(body, 'db_replica_in_use')).toBe(0);
    expect(sample(body, 'db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG);
    expect(sample(body, 'db_replica_fallback_reads')).toBeGreaterThan(0);

    // Replay resumed: the replica is read again.
    await pair.onReplica('select pg_wal_replay_resume()');
    await pair.caughtUp();
    await expect.poll(async () => (await checked()).inUse, { timeout: 30_000 }).toBe(true);
    expect((await usersTotal()).total).toBe(4);

    // The replica stopped: the read that finds it gone is answered by the primary, and so are the next.
    await pair.stopReplica();
    await insertTestMember(database.db);
    expect((await usersTotal()).total).toBe(5);
    expect(replica.state()).toMatchObject({ up: false, inUse: false });
    body = await metrics();
    expect(sample(body, 'db_replica_up')).toBe(0);
    expect(sample(body, 'db_replica_in_use')).toBe(0);
    expect(sample(body, 'db_replica_lag_seconds')).toBeNaN();
    expect(sample(body, 'db_pool_connections{pool="replica",state="waiting"}')).toBe(0);
  }, 150_000);
});
