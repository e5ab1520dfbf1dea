import { sql } from 'drizzle-orm';
import { DEV_ENCRYPTION_KEY } from '../config';
import type { Database, Executor } from '../db/client';
import { decryptText, keyCheckValueOf, keyIdOf } from './field-crypto';
import { countNotUnder, sampleSealed } from './sealed-fields';

/** Arbitrary constant: the advisory lock under which instances compare and record keys. */
const KEY_CHECK_LOCK = 7_310_420_024;

export type KeyCheckOutcome =
  /** The first start that records a key: a new database, or one sealed before key records. */
  | { state: 'recorded'; keyId: string }
  | { state: 'ok'; keyId: string; note?: string }
  /** ENCRYPTION_KEY_PREVIOUS was the database's key: ENCRYPTION_KEY now is, re-encryption follows. */
  | { state: 'rotation-started'; keyId: string; previousKeyId: string }
  /** A rotation is under way (both keys configured); the background task moves values over. */
  | { state: 'rotating'; keyId: string; previousKeyId: string }
  /** Started without ENCRYPTION_KEY_PREVIOUS after everything was re-encrypted: the old key is retired. */
  | { state: 'retired'; keyId: string; previousKeyId: string };

type Row = { keyId: string; checkValue: string; state: string };

const refuse = (reason: string) => new Error(`Refusing to start: ${reason}`);
const HOW_TO_ROTATE =
  'to change the key, set ENCRYPTION_KEY to the new key and ENCRYPTION_KEY_PREVIOUS to the current one (README, configuration)';

/**
 * The start-up check of ENCRYPTION_KEY against the key check value this database keeps (table
 * `encryption_keys`), run by every instance after migrations. An instance with another key is
 * refused with a message naming ENCRYPTION_KEY, instead of answering 500 on every reveal and sealing
 * values no other instance can read. It also drives a rotation: ENCRYPTION_KEY_PREVIOUS equal to
 * the recorded key makes ENCRYPTION_KEY current (values are then re-encrypted in the background,
 * lib/key-rotation.ts), and a start without ENCRYPTION_KEY_PREVIOUS retires the old key only when
 * no value sealed under it remains, else it is refused with the count.
 */
export async function checkEncryptionKey(
  database: Database,
  keys: { encryptionKey?: Buffer; previousEncryptionKey?: Buffer | null },
): Promise<KeyCheckOutcome> {
  const current = keys.encryptionKey ?? DEV_ENCRYPTION_KEY;
  const previous = keys.previousEncryptionKey ?? null;
  const outcome = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CHECK_LOCK})`);
    const rows = (
      await tx.execute<Row>(
        sql`select key_id as "keyId", check_value as "checkValue", state from encryption_keys`,
      )
    ).rows;
    return decide(tx, rows, current, previous);
  });
  if (outcome.state === 'rotation-started')
    console.warn(
      `[keys] ENCRYPTION_KEY ${outcome.keyId} replaces ${outcome.previousKeyId}; stored values are being re-encrypted in the background`,
    );
  if (outcome.state === 'retired')
    console.warn(`[keys] the previous encryption key ${outcome.previousKeyId} is retired`);
  if (outcome.state === 'ok' && outcome.note) console.warn(`[keys] ${outcome.note}`);
  return outcome;
}

const same = (row: Row | undefined, key: Buffer) =>
  Boolean(row && row.keyId === keyIdOf(key) && row.checkValue === keyCheckValueOf(key));

async function decide(
  tx: Executor,
  rows: Row[],
  current: Buffer,
  previous: Buffer | null,
): Promise<KeyCheckOutcome> {
  const keyId = keyIdOf(current);
  const recorded = rows.find((r) => r.state === 'current');
  const rotatingFrom = rows.find((r) => r.state === 'previous');

  if (!recorded) {
    // Values sealed before keys were recorded must open with the configured key(s).
    for (const sample of await sampleSealed(tx)) {
      try {
        decryptText({ encryptionKey: current, previousEncryptionKey: previous }, sample.value);
      } catch {
        throw refuse(
          `ENCRYPTION_KEY cannot open the values already stored in this database (${sample.field}); it is not the key they were encrypted with. Start with that key; ${HOW_TO_ROTATE}`,
        );
      }
    }
    await record(tx, current, 'current');
    if (!previous) return { state: 'recorded', keyId };
    await record(tx, previous, 'previous');
    return { state: 'rotating', keyId, previousKeyId: keyIdOf(previous) };
  }

  if (same(recorded, current)) {
    if (!rotatingFrom)
      return previous
        ? {
            state: 'ok',
            keyId,
            note: 'ENCRYPTION_KEY_PREVIOUS is set but no rotation is under way; remove it',
          }
        : { state: 'ok', keyId };
    if (previous) {
      if (same(rotatingFrom, previous))
        return { state: 'rotating', keyId, previousKeyId: rotatingFrom.keyId };
      throw refuse(
        `ENCRYPTION_KEY_PREVIOUS (key ${keyIdOf(previous)}) is not the key this database is being rotated away from (key ${rotatingFrom.keyId})`,
      );
    }
    await retireIfEmpty(tx, rotatingFrom, keyId);
    return { state: 'retired', keyId, previousKeyId: rotatingFrom.keyId };
  }

  if (previous && same(recorded, previous)) {
    // A rotation begins. One still unfinished (values under the key before) must end first.
    if (rotatingFrom) await retireIfEmpty(tx, rotatingFrom, recorded.keyId);
    await tx.execute(sql`update encryption_keys set state = 'previous' where key_id = ${recorded.keyId}`);
    await record(tx, current, 'current');
    return { state: 'rotation-started', keyId, previousKeyId: recorded.keyId };
  }

  if (same(rotatingFrom, current))
    throw refuse(
      `ENCRYPTION_KEY (key ${keyId}) is the key this database is being rotated away from; the current key is ${recorded.keyId}. Start every instance with ENCRYPTION_KEY set to that key, and ENCRYPTION_KEY_PREVIOUS to this one until re-encryption has finished`,
    );
  throw refuse(
    `ENCRYPTION_KEY does not match the key this database is encrypted with (this key's id is ${keyId}, the database's is ${recorded.keyId}; their key check values differ). Start every instance with the same ENCRYPTION_KEY; ${HOW_TO_ROTATE}`,
  );
}

const record = (tx: Executor, key: Buffer, state: 'current' | 'previous') =>
  tx.execute(sql`
    insert into encryption_keys (key_id, check_value, state) values (${keyIdOf(key)}, ${keyCheckValueOf(key)}, ${state})
    on conflict (key_id) do update set state = excluded.state, check_value = excluded.check_value, retired_at = null`);

/** Retires the key being rotated away from, or refuses while values sealed under it remain. */
async function retireIfEmpty(tx: Executor, old: Row, currentId: string) {
  const left = await countNotUnder(tx, currentId);
  if (left.length > 0) {
    const total = left.reduce((n, f) => n + f.count, 0);
    const where = left.map((f) => `${f.field}: ${f.count}`).join(', ');
    throw refuse(
      `ENCRYPTION_KEY_PREVIOUS (key ${old.keyId}) is still needed: ${total} stored values (${where}) are not yet re-encrypted under ENCRYPTION_KEY (key ${currentId}). Keep ENCRYPTION_KEY_PREVIOUS set until the background re-encryption has finished, then remove it`,
    );
  }
  await tx.execute(
    sql`update encryption_keys set state = 'retired', retired_at = now() where key_id = ${old.keyId}`,
  );
}
