import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The keys this database's sealed values (lib/field-crypto.ts) were encrypted with, by key id and
 * key check value (an HMAC of a constant under the key, never the key): an instance started with
 * another ENCRYPTION_KEY is refused (lib/key-check.ts) instead of failing every reveal and sealing
 * what the others cannot read.
 */
export const encryptionKeys = pgTable(
  'encryption_keys',
  {
    keyId: text('key_id').primaryKey(),
    checkValue: text('check_value').notNull(),
    /**
     * current: ENCRYPTION_KEY (exactly one) | previous: being rotated away from (ENCRYPTION_KEY_PREVIOUS),
     * values are re-encrypted in the background (lib/key-rotation.ts) | retired: nothing sealed under it
     */
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('encryption_keys_one_current').on(t.state).where(sql`state = 'current'`)],
);
