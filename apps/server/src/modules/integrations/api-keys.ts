import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { hit } from '../../lib/rate-limits/rate-limits.repository';
import { keyByPrefix, touchKey } from './integrations.repository';

/**
 * API keys are `ak_<prefix>_<secret>`: the prefix (12 hex characters) finds the row by index, the
 * secret (32 random bytes) is never stored; the row keeps the SHA-256 of the whole key. A key is
 * high-entropy, so a fast hash is enough (no password stretching needed), and the comparison is
 * constant-time.
 */
const KEY_FORMAT = /^ak_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(6).toString('hex');
  const key = `ak_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashKey(key) };
}

/** The caller of an integration route: a service account through one of its keys. */
export interface IntegrationPrincipal {
  keyId: number;
  prefix: string;
  accountId: number;
  accountName: string;
  scopes: ReadonlySet<string>;
}

const bearer = (header: string | undefined) => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/** `last_used_*` is written at most this often per key (and whenever the address changes). */
const TOUCH_AFTER_MS = 10_000;
const WINDOW_MS = 60_000;

/**
 * The service account behind `Authorization: Bearer ak_…`, or null (no key, unknown, wrong secret,
 * revoked, expired, or its account not active). Counts the call against the key's own limit
 * (429 with Retry-After over it) and records when and from where the key was used.
 */
export async function resolveApiKey(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<IntegrationPrincipal | null> {
  const presented = bearer(request.headers.authorization);
  const parts = presented?.match(KEY_FORMAT);
  if (!presented || !parts) return null;
  const { db } = app.database;
  const row = await keyByPrefix(db, parts[1]!);
  if (!row?.secretHash) return null;
  const given = Buffer.from(hashKey(presented), 'hex');
  const stored = Buffer.from(row.secretHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  if (row.status !== 'active' || !row.live || row.accountStatus !== 'active') return null;

  const counted = await hit(db, `api-key:${row.id}`, WINDOW_MS);
  if (counted.hits > row.ratePerMinute) {
    const seconds = String(Math.max(1, Math.ceil(counted.resetsInMs / 1000)));
    throw new AppError(
      429,
      'rate_limited',
      `This key may make ${row.ratePerMinute} calls a minute; retry in ${seconds} s`,
      undefined,
      { 'retry-after': seconds },
    );
  }
  const stale = !row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS;
  if (stale || row.lastUsedIp !== request.ip) await touchKey(db, row.id, request.ip);
  return {
    keyId: row.id,
    prefix: row.prefix!,
    accountId: row.accountId,
    accountName: row.accountName,
    scopes: new Set(row.scopes),
  };
}
