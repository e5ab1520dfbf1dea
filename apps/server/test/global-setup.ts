import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/prepare';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}

/**
 * Builds one migrated and seeded database that every test file starts from: a PGlite dump
 * (loading it costs ~1 s, initdb ~7 s), and with TEST_DATABASE_URL a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const dumpPath = path.join(os.tmpdir(), `at-template-${process.pid}.tar.gz`);
  const lite = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await prepareDatabase(lite, { seedDemo: true });
  await lite.executeSql('checkpoint');
  const dump = await lite.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', dumpPath);

  let templateName: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    templateName = `at_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = withDatabase(url, templateName);
    const db = await openDatabase({ kind: 'postgres', url: templateUrl });
    await prepareDatabase(db, { seedDemo: true });
    await db.close();
    await admin.end();
  }
  project.provide('pgTemplate', templateName);

  return async () => {
    fs.rmSync(dumpPath, { force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
