import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Every column that holds values sealed with lib/field-crypto.ts under ENCRYPTION_KEY. A new sealed
 * column is added here, or a key rotation leaves it behind (the rotation test scans every text
 * column of the schema for values it missed).
 */
export const SEALED_FIELDS = [
  { table: 'kyc_submissions', column: 'pan_cipher' },
  { table: 'kyc_submissions', column: 'account_cipher' },
  { table: 'gift_vouchers', column: 'pin_cipher' },
  { table: 'idempotency_keys', column: 'response_body' },
  { table: 'payout_batches', column: 'file_sealed' },
  { table: 'webhook_subscriptions', column: 'secret' },
  { table: 'webhook_subscriptions', column: 'previous_secret' },
] as const;

export type SealedField = (typeof SEALED_FIELDS)[number];

export const tableOf = (f: SealedField) => sql.identifier(f.table);
export const columnOf = (f: SealedField) => sql.identifier(f.column);

/** The field's sealed values that are not sealed under the key `keyId` (`v1` values included). */
export const notUnder = (f: SealedField, keyId: string) =>
  sql`${columnOf(f)} is not null and ${columnOf(f)} <> '' and ${columnOf(f)} not like ${`v2.${keyId}.%`}`;

/** How many sealed values are not under `keyId`, per field (only the fields that have some). */
export async function countNotUnder(
  db: Executor,
  keyId: string,
): Promise<{ field: string; count: number }[]> {
  const out: { field: string; count: number }[] = [];
  for (const f of SEALED_FIELDS) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${tableOf(f)} where ${notUnder(f, keyId)}`,
    );
    const count = Number(result.rows[0]?.n ?? 0);
    if (count > 0) out.push({ field: `${f.table}.${f.column}`, count });
  }
  return out;
}

/** One sealed value of each field that has any (to try a key on a database that has no key record). */
export async function sampleSealed(db: Executor): Promise<{ field: string; value: string }[]> {
  const out: { field: string; value: string }[] = [];
  for (const f of SEALED_FIELDS) {
    const result = await db.execute<{ v: string }>(
      sql`select ${columnOf(f)} as v from ${tableOf(f)} where ${columnOf(f)} is not null and ${columnOf(f)} <> '' limit 1`,
    );
    const value = result.rows[0]?.v;
    if (value) out.push({ field: `${f.table}.${f.column}`, value });
  }
  return out;
}
