import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** Arbitrary constant: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK = 7_310_420_001;

/**
 * Applies pending migrations, then runs `afterwards` (seeding) under the same lock, so that
 * concurrent instances on one PostgreSQL migrate and seed exactly once.
 */
export async function applyMigrations(database: Database, afterwards: () => Promise<void>): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    await afterwards();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Whether this database has every migration this build ships (the readiness probe): drizzle records
 * each applied migration with its journal timestamp, so the newest recorded must be the newest shipped.
 */
export async function migrationsApplied(database: Pick<Database, 'executeSql'>): Promise<boolean> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const { rows } = await database.executeSql(
      'select coalesce(max(created_at), 0)::float8 as applied from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]!.applied) >= newest;
  } catch {
    return false;
  }
}
