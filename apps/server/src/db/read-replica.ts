import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** client.ts's `Db` (declared here too: client.ts opens the replica, so it cannot be imported back). */
type Db = NodePgDatabase<Record<string, never>>;

/**
 * A streaming replica of the primary (DATABASE_READ_URL) for the reads that decide nothing: reports,
 * exports, dashboards and list counts. Whether it may be read is decided by a check every few seconds
 * (never per request): the replica must answer and be no further behind than the configured lag.
 * Otherwise those reads go to the primary, and `/metrics` shows why (plugins/metrics.ts).
 */
export interface ReplicaState {
  /** The replica answered its last check. */
  up: boolean;
  /** Seconds of WAL received but not yet replayed, by the last replayed commit's time; null when down. */
  lagSeconds: number | null;
  /** Reads go to the replica now (up and within the lag). */
  inUse: boolean;
  /** Reads that went to the primary while a replica is configured. */
  fallbackReads: number;
}

export interface ReadReplica {
  /** The replica's database while it is usable, else the primary's. */
  reader(): Db;
  state(): ReplicaState;
  /** Runs the check now (start-up, tests); the timer runs it every `checkSeconds`. */
  check(): Promise<void>;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Behind = WAL received and not replayed; then the lag is the age of the last replayed commit. A
 * replica that has replayed all it received is current, however long ago the primary last wrote.
 */
const LAG_SQL = `select case when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`;

/** Connection-class failures: the server is gone, not the statement wrong (SQLSTATE 08xxx, 57P0x). */
export function connectionLost(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (typeof e?.code === 'string' && /^(08|57P0)/.test(e.code)) return true;
  if (typeof e?.code === 'string' && /^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|TIMEDOUT)$/.test(e.code))
    return true;
  return /Connection terminated|connection timeout/i.test(e?.message ?? '');
}

export function openReadReplica(
  url: string,
  primary: { db: Db; pool: pg.Pool },
  options: { maxLagSeconds: number; checkSeconds?: number },
): ReadReplica {
  let up = false;
  let lagSeconds: number | null = null;
  let fallbackReads = 0;
  const markLost = () => {
    up = false;
    lagSeconds = null;
  };
  // A query that finds the replica gone marks it down at once and is asked of the primary instead:
  // the read that found it gone still answers, and the next ones go to the primary directly.
  class ReplicaPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query
      const result = (super.query as (...a: any[]) => any)(...args);
      if (result && typeof result.catch === 'function')
        return result.catch((error: unknown) => {
          if (!connectionLost(error)) throw error;
          markLost();
          fallbackReads++;
          // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query
          return (primary.pool.query as (...a: any[]) => any).apply(primary.pool, args);
        });
      return result;
    }
  }
  const pool = new ReplicaPool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  const db = drizzle(pool) as Db;
  const usable = () => up && lagSeconds !== null && lagSeconds <= options.maxLagSeconds;

  const check = async () => {
    try {
      const { rows } = (await pool.query(LAG_SQL)) as pg.QueryResult<{ lag: number }>;
      up = true;
      lagSeconds = Number(rows[0]!.lag);
    } catch {
      markLost();
    }
  };
  let checking: Promise<void> | null = null;
  const tick = () => {
    checking ??= check().finally(() => {
      checking = null;
    });
    return checking;
  };
  const timer = setInterval(() => void tick(), (options.checkSeconds ?? 2) * 1000);
  timer.unref();

  return {
    pool,
    reader() {
      if (usable()) return db;
      fallbackReads++;
      return primary.db;
    },
    state: () => ({ up, lagSeconds, inUse: usable(), fallbackReads }),
    check: tick,
    async close() {
      clearInterval(timer);
      await checking;
      await pool.end().catch(() => {});
    },
  };
}
