import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { decryptText, encryptText, type FieldKeys, keyIdOf } from './field-crypto';
import { columnOf, notUnder, SEALED_FIELDS, tableOf } from './sealed-fields';
import { yieldToOthers } from './yield';

export const REENCRYPT_TASK = 'keys.reencrypt';
/** Values per batch: each batch is one transaction holding its rows' locks briefly. */
export const REENCRYPT_BATCH = 500;
/** Arbitrary constant: serialises the instances that would queue the re-encryption at start-up. */
const REENCRYPT_ENQUEUE_LOCK = 7_310_420_025;

export interface ReencryptResult {
  rewritten: number;
  /** Values neither key opens (damaged): left as they are, and they keep the old key from retiring. */
  unreadable: { field: string; id: number }[];
}

/**
 * Re-encrypts every sealed value (lib/sealed-fields.ts) that is not under ENCRYPTION_KEY, field by
 * field in id order, batch by batch: each batch reads its rows `for update`, opens them with the
 * key their id names (or the previous key for `v1` values) and writes them sealed under the current
 * key, in one transaction. What is committed stays done, so a crash resumes by running again: the
 * rows left are exactly the ones not yet under the current key.
 */
export async function reencryptAll(
  database: Database,
  keys: FieldKeys,
  options: { batch?: number; progress?: (done: number) => Promise<void> } = {},
): Promise<ReencryptResult> {
  const batch = options.batch ?? REENCRYPT_BATCH;
  const currentId = keyIdOf(keys.encryptionKey);
  const result: ReencryptResult = { rewritten: 0, unreadable: [] };
  for (const f of SEALED_FIELDS) {
    let after = 0;
    for (;;) {
      const step = await database.db.transaction(async (tx) => {
        const rows = (
          await tx.execute<{ id: string | number; v: string }>(sql`
            select id, ${columnOf(f)} as v from ${tableOf(f)}
            where id > ${after} and ${notUnder(f, currentId)}
            order by id limit ${batch} for update`)
        ).rows;
        const updates: { id: number; value: string }[] = [];
        for (const row of rows) {
          const id = Number(row.id);
          try {
            updates.push({ id, value: encryptText(keys, decryptText(keys, row.v)) });
          } catch {
            result.unreadable.push({ field: `${f.table}.${f.column}`, id });
          }
        }
        if (updates.length > 0)
          await tx.execute(sql`
            update ${tableOf(f)} as t set ${columnOf(f)} = v.value
            from (values ${sql.join(
              updates.map((u) => sql`(${u.id}::bigint, ${u.value})`),
              sql`, `,
            )}) as v(id, value)
            where t.id = v.id`);
        return {
          count: rows.length,
          last: rows.length ? Number(rows.at(-1)!.id) : after,
          done: updates.length,
        };
      });
      if (step.count === 0) break;
      after = step.last;
      result.rewritten += step.done;
      await options.progress?.(result.rewritten);
      await yieldToOthers();
    }
  }
  return result;
}

/**
 * Queues the re-encryption when a rotation is under way (a key in state `previous`) and no such
 * task is waiting or running; every instance asks at start-up, one queues it.
 */
export async function queueReencryptionIfNeeded(app: FastifyInstance): Promise<number | null> {
  if (!app.config.previousEncryptionKey) return null;
  return app.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REENCRYPT_ENQUEUE_LOCK})`);
    const pending = await tx.execute<{ rotating: boolean; queued: boolean }>(sql`
      select exists (select 1 from encryption_keys where state = 'previous') as rotating,
        exists (select 1 from tasks where kind = ${REENCRYPT_TASK}
          and status in ('queued', 'running', 'interrupted')) as queued`);
    const { rotating, queued } = pending.rows[0]!;
    if (!rotating || queued) return null;
    return app.jobs.enqueue(tx, REENCRYPT_TASK, {}, null);
  });
}

/** The re-encryption task of a key rotation (README, configuration: ENCRYPTION_KEY_PREVIOUS). */
export function registerKeyRotationTasks(app: FastifyInstance): void {
  app.jobs.register(REENCRYPT_TASK, async (_payload, ctx) => {
    // An instance still on the old key (started before the rotation) must not take the work.
    const mine = await app.database.db.execute<{ state: string }>(
      sql`select state from encryption_keys where key_id = ${keyIdOf(app.config.encryptionKey)}`,
    );
    if (mine.rows[0]?.state !== 'current' || !app.config.previousEncryptionKey)
      throw new Error(
        'This instance cannot re-encrypt: restart it with ENCRYPTION_KEY (the new key) and ENCRYPTION_KEY_PREVIOUS (the old one)',
      );
    const result = await reencryptAll(app.database, app.config, { progress: (done) => ctx.progress(done) });
    app.log.info(
      { rewritten: result.rewritten, unreadable: result.unreadable.length },
      'stored values re-encrypted under ENCRYPTION_KEY',
    );
    return result;
  });
  app.addHook('onReady', async () => {
    await queueReencryptionIfNeeded(app);
  });
}
