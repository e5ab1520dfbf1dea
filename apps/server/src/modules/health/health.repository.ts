import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { keyCheckValueOf, keyIdOf } from '../../lib/field-crypto';

/** Whether the database answers a trivial statement. */
export const databaseAnswers = (db: Executor) =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );

/** Whether the key this instance seals with is the database's current one (the start-up check's record). */
export async function keyIsCurrent(db: Executor, key: Buffer): Promise<boolean> {
  try {
    const { rows } = await db.execute<{ keyId: string; checkValue: string }>(
      sql`select key_id as "keyId", check_value as "checkValue" from encryption_keys where state = 'current'`,
    );
    const row = rows[0];
    return Boolean(row && row.keyId === keyIdOf(key) && row.checkValue === keyCheckValueOf(key));
  } catch {
    return false;
  }
}
