import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { prepareDatabase } from '../src/prepare';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A maintenance database's address on the server every test file uses. */
    testServerUrl: string;
    /** The migrated and seeded database each test file copies (`create database … template`). */
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL server for the run: TEST_DATABASE_URL's when it is set (CI uses the machine's),
 * otherwise an embedded one started here in a temporary directory. On it, one migrated and seeded
 * template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  // Tests that start `npm start`'s server in a child process run the compiled one (test/server-process.ts).
  execFileSync(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../../scripts/build.mjs'), 'server'],
    {
      stdio: 'inherit',
    },
  );
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let dataDir: string | null = null;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // Not mkdtemp: its 0700 directory would shut out the `postgres` user the server runs as under root.
    dataDir = path.join(os.tmpdir(), `at-test-pg-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    embedded = await startEmbeddedPostgres(dataDir);
    url = embedded.url;
  }
  const templateName = `at_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName}`);
  await admin.query(`create database ${templateName}`);
  await admin.end();
  const db = await openDatabase({ kind: 'postgres', url: withDatabase(url, templateName) });
  await prepareDatabase(db, { seedDemo: true });
  await db.close();
  project.provide('testServerUrl', url);
  project.provide('pgTemplate', templateName);

  return async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${templateName} with (force)`);
    await a.end();
    if (embedded) await embedded.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The same server's address with another database; keeps a Unix-socket host as it is. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
