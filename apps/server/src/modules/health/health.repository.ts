import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Whether the database answers a trivial statement. */
export const databaseAnswers = (db: Executor) =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
