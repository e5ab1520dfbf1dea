import fs from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import { startEmbeddedPostgres } from './embedded-postgres';
import { openReadReplica, type ReadReplica } from './read-replica';

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
  /** `embedded`: the PostgreSQL server this process started in DATA_DIR; `postgres`: DATABASE_URL's. */
  kind: 'embedded' | 'postgres';
  db: Db;
  /**
   * Raw positional SQL, for pg-boss, migration locks and hot statements. With a `name`, PostgreSQL
   * prepares the statement once per connection and skips parsing and planning on later calls.
   */
  executeSql(text: string, values?: unknown[], name?: string): Promise<SqlResult>;
  pool: pg.Pool;
  /**
   * Where reads that decide nothing go (reports, exports, dashboards, list counts): the replica of
   * DATABASE_READ_URL while it is up and near enough, else the primary. Scans, balances, approvals and
   * every write path use `db`, the primary, always.
   */
  reads(): Db;
  /** The read replica; null without DATABASE_READ_URL. */
  replica: ReadReplica | null;
  /** The connection string, for another process (a test's child server, a benchmark). */
  url: string;
  close(): Promise<void>;
}

// bigint (int8) comes back as a string from pg; every count and id here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(
  config: Config['database'],
  readReplica: Config['operations']['readReplica'] = null,
): Promise<Database> {
  if (config.kind === 'embedded') return openEmbedded(config.dataDir);
  const database = await openPostgres(config.url, 'postgres');
  if (!readReplica) return database;
  const replica = openReadReplica(readReplica.url, database, readReplica);
  await replica.check();
  const closePrimary = database.close;
  return {
    ...database,
    replica,
    reads: replica.reader,
    close: async () => {
      await replica.close();
      await closePrimary();
    },
  };
}

async function openPostgres(
  url: string,
  kind: Database['kind'],
  onClose: () => Promise<void> = async () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, a dropped test database); the pool
  // replaces it. Unheard, that error would crash the process.
  pool.on('error', () => {});
  try {
    // Surface a wrong URL at start-up, not on the first request.
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    await onClose();
    throw error;
  }
  const db = drizzle(pool) as Db;
  return {
    kind,
    db,
    pool,
    url,
    executeSql: async (text, values, name) => pool.query({ text, values: values as unknown[], name }),
    reads: () => db,
    replica: null,
    close: async () => {
      await pool.end();
      await onClose();
    },
  };
}

/** DATA_DIR holds the embedded server's cluster; one process at a time owns it. */
async function openEmbedded(dataDir: string): Promise<Database> {
  refuseEarlierEngine(dataDir);
  fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const server = await startEmbeddedPostgres(dataDir);
    return await openPostgres(server.url, 'embedded', async () => {
      await server.stop();
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Before PostgreSQL was embedded, DATA_DIR held a PGlite data directory (PG_VERSION at its top).
 * It is never opened or changed by this version: the start stops and says what to do.
 */
function refuseEarlierEngine(dataDir: string) {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  throw new Error(
    `${dataDir} holds a database of an earlier version of this app (the PGlite engine), which this version does not open; nothing in it was changed. ` +
      `To start afresh with demo data, move it aside (mv ${dataDir} ${dataDir}.pglite) or set DATA_DIR to another directory. ` +
      `To keep its data, see "Data from an earlier version" in the README.`,
  );
}
