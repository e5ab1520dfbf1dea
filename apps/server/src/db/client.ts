import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * Both backends are typed as node-postgres: the query builder is identical, and raw results are
 * read through `rowsOf` so the one difference (count types) is handled in one place.
 */
export type Db = NodePgDatabase<Record<string, never>>;
export type Tx = PgTransaction<
  NodePgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Anything a repository can run SQL on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw positional SQL, for pg-boss, migration locks and hot statements. With a `name`, PostgreSQL
   * prepares the statement once per connection and skips parsing and planning on later calls.
   */
  executeSql(text: string, values?: unknown[], name?: string): Promise<SqlResult>;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

// bigint (int8) and numeric come back as strings from pg; PGlite parses them. Make pg match for int8.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(
  config: Config['database'],
  options: { loadFrom?: Blob } = {},
): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  return openPglite(config.dataDir, options.loadFrom);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, a dropped test database); the pool
  // replaces it. Unheard, that error would crash the process.
  pool.on('error', () => {});
  // Surface a wrong URL at start-up, not on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool) as Db;
  return {
    kind: 'postgres',
    db,
    pool,
    executeSql: async (text, values, name) => pool.query({ text, values: values as unknown[], name }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, loadFrom?: Blob): Promise<Database> {
  let release = () => {};
  if (dataDir !== 'memory://') {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    release = acquireDataDirLock(dataDir);
  }
  const pglite = new PGlite({ dataDir, ...(loadFrom ? { loadDataDir: loadFrom } : {}) });
  await pglite.waitReady;
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    executeSql: async (text, values) => {
      // pg-boss sends multi-statement scripts without parameters (its schema migrations).
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      return pglite.query(text, values) as Promise<SqlResult>;
    },
    close: async () => {
      await pglite.close();
      release();
    },
  };
}
