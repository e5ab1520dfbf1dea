import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/members';
import { AppError, badRequest } from './errors';
import { decryptText, encryptText } from './field-crypto';

/**
 * `Idempotency-Key` on member-app write calls (PRODUCT.md §2 "Exactly once"), after the IETF draft:
 * the first request with a key runs and its answer is stored; a repeat with the same request gets
 * that answer again (header `idempotent-replayed: true`) and does nothing; the same key with another
 * request is refused (422). A repeat arriving while the first still runs waits for its answer.
 * The answer is recorded in the same transaction as the work, so "done" and "stored" never part.
 */
export interface IdempotencyContext {
  scope: string;
  key: string | undefined;
  fingerprint: string;
}

const WAIT_MS = 5_000;
const POLL_MS = 25;
/** A pending key whose request died (process crash) may be taken over after this long. */
const STALE = '2 minutes';
const KEEP = '7 days';
const KEEP_MS = 7 * 86_400_000;

const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

export function idempotencyOf(request: FastifyRequest, scope: string): IdempotencyContext {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw badRequest('Idempotency-Key: 1 to 255 visible ASCII characters', {
      'Idempotency-Key': '1 to 255 visible ASCII characters',
    });
  }
  // Only a keyed request is ever compared with another, so only it pays for hashing its body.
  const fingerprint =
    key === undefined
      ? ''
      : createHash('sha256')
          .update(
            `${request.method} ${request.routeOptions.url} ${canonical(request.params)} ${canonical(request.body)}`,
          )
          .digest('hex');
  return { scope, key, fingerprint };
}

type Claim = { id: number } | { replay: unknown };

async function claim(app: FastifyInstance, ctx: IdempotencyContext & { key: string }): Promise<Claim> {
  const { db } = app.database;
  const where = and(eq(idempotencyKeys.scope, ctx.scope), eq(idempotencyKeys.key, ctx.key));
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [mine] = await db
      .insert(idempotencyKeys)
      .values({ scope: ctx.scope, key: ctx.key, fingerprint: ctx.fingerprint })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (mine) return mine;
    const [first] = await db.select().from(idempotencyKeys).where(where);
    if (!first) continue; // the first attempt failed and let the key go: run again
    // A key older than KEEP is forgotten: its use now is a new request. Only a row that looks that
    // old costs the (guarded) DELETE, so replays and waits do not pay a statement for it.
    if (first.createdAt.getTime() < Date.now() - KEEP_MS) {
      const expired = await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.id, first.id),
            lt(idempotencyKeys.createdAt, sql`now() - ${KEEP}::interval`),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      if (expired.length > 0) continue;
    }
    if (first.fingerprint !== ctx.fingerprint) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request',
      );
    }
    if (first.status === 'done')
      return {
        replay: first.answer ?? JSON.parse(decryptText(app.config, first.responseBody!)),
      };
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(eq(idempotencyKeys.id, first.id), lt(idempotencyKeys.createdAt, sql`now() - ${STALE}::interval`)),
      )
      .returning({ id: idempotencyKeys.id });
    if (takenOver) return takenOver;
    await sleep(POLL_MS);
  }
  throw new AppError(
    409,
    'idempotency_in_progress',
    'A request with this Idempotency-Key is still running; retry shortly',
  );
}

/**
 * Runs `work` in a transaction, at most once per key. `before` runs first, outside the transaction
 * (slow or separately committed steps, e.g. checking a one-time code), and only when work will run.
 */
export async function idempotent<T>(
  app: FastifyInstance,
  ctx: IdempotencyContext,
  work: (tx: Tx) => Promise<T>,
  before?: () => Promise<void>,
): Promise<{ body: T; replayed: boolean }> {
  const { db } = app.database;
  if (!ctx.key) {
    await before?.();
    return { body: await db.transaction(work), replayed: false };
  }
  const claimed = await claim(app, { ...ctx, key: ctx.key });
  if ('replay' in claimed) return { body: claimed.replay as T, replayed: true };
  try {
    await before?.();
    const body = await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({
          status: 'done',
          responseStatus: 200,
          responseBody: encryptText(app.config.encryptionKey, JSON.stringify(result)),
        })
        .where(eq(idempotencyKeys.id, claimed.id));
      return result;
    });
    return { body, replayed: false };
  } catch (err) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.id, claimed.id), eq(idempotencyKeys.status, 'pending')));
    throw err;
  }
}

/** Sends an idempotent result, marking a replay. */
export function sendIdempotent<T>(reply: FastifyReply, result: { body: T; replayed: boolean }): T {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return result.body;
}
