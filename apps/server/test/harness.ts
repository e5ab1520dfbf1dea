import { randomBytes } from 'node:crypto';
import { demoEmail } from '@app/contract/permissions';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createJobs, type JobsOptions } from '../src/plugins/jobs';
import { databaseFileStore, type FileStore } from '../src/plugins/storage';
import { DEMO_PASSWORD } from '../src/seed/staff';
import { registerTaskHandlers } from '../src/tasks';
import { withDatabase } from './global-setup';

/** A fresh copy of the seeded template on the run's PostgreSQL server (test/global-setup.ts). */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** The copy's address, for another process to open it. */
  url: string;
}> {
  const serverUrl = inject('testServerUrl');
  const name = `at_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Another database on the run's server, for tests that need one from nothing (migrations, start-up). */
export async function createEmptyDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('testServerUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A second connection pool on a test database that another app already holds. */
async function sameDatabase(url: string) {
  const database = await openDatabase({ kind: 'postgres', url });
  return { database, url, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The test database's address, for another process to open it. */
  databaseUrl: string;
  /** Signs in a demo account of a built-in role and returns its token. */
  login(role: string): Promise<string>;
  /** `app.inject` with the token of `role` (or of the given token). */
  as(roleOrToken: string, options: InjectOptions): Promise<import('light-my-request').Response>;
  close(): Promise<void>;
}

/** Tests send members far more codes than people do, from one address; the limits have their own test. */
const LIFTED_OTP_LIMITS = {
  OTP_HOURLY_BUDGET: '1000000',
  OTP_NON_MEMBER_HOURLY_BUDGET: '1000000',
  OTP_PREFIX_HOURLY_BUDGET: '1000000',
  OTP_ADDRESS_HOURLY_LIMIT: '1000000',
  OTP_ADDRESS_NON_MEMBER_HOURLY_LIMIT: '1000000',
  OTP_ADDRESS_WRONG_CODES: '1000000',
};

/** The whole app on its own database, with background workers polling quickly. */
export async function createTestApp(
  options: {
    logger?: object;
    env?: Record<string, string>;
    register?: (app: FastifyInstance) => void;
    jobs?: Partial<JobsOptions>;
    /**
     * Another instance on this app's database (as two servers behind one balancer): its own pool,
     * no background workers; closing it leaves the database to its first app.
     */
    sharing?: TestApp;
    /** The file store (default: the database's, FILE_STORAGE=postgres). */
    files?: (database: Database) => FileStore;
  } = {},
): Promise<TestApp> {
  const { database, drop, url } = options.sharing
    ? await sameDatabase(options.sharing.databaseUrl)
    : await openTestDatabase();
  // Tests sign in far more often than a person; the rate limit has its own test.
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '10000', ...LIFTED_OTP_LIMITS, ...options.env }),
    seedDemo: true,
  };
  const runWorkers = !options.sharing;
  const jobs = createJobs(database, { runWorkers, pollingSeconds: 0.5, ...options.jobs });
  const app = await buildApp({
    config,
    database,
    jobs,
    files: (options.files ?? databaseFileStore)(database),
    logger: options.logger ?? false,
  });
  registerTaskHandlers(app);
  options.register?.(app);
  await jobs.start();
  await app.ready();

  const tokens = new Map<string, string>();
  const login = async (role: string) => {
    const cached = tokens.get(role);
    if (cached) return cached;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: demoEmail(role), password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${role}: ${res.statusCode} ${res.body}`);
    const token = res.json().token as string;
    tokens.set(role, token);
    return token;
  };
  return {
    app,
    database,
    databaseUrl: url,
    login,
    as: async (roleOrToken, opts) => {
      const token = roleOrToken.length > 30 ? roleOrToken : await login(roleOrToken);
      return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
    },
    close: async () => {
      await app.close();
      await jobs.stop();
      await drop();
    },
  };
}
