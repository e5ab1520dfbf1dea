import {
  API_KEY_ENTITY,
  type ApiKeyBody,
  type ApiKeyRow,
  INTEGRATION_MESSAGES as M,
  SERVICE_ACCOUNT_ENTITY,
  type ServiceAccountBody,
  type ServiceAccountRow,
} from '@app/contract/integrations';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema/integrations';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideIn } from '../../lib/decisions';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { newKey } from './api-keys';
import * as repo from './integrations.repository';

export { listAccounts, listKeys } from './integrations.repository';

type Result = 'approved' | 'rejected';

async function loadAccount(tx: Executor, id: number) {
  const row = await repo.findAccount(tx, id);
  if (!row) throw notFound('Service account');
  return row;
}

async function loadKey(tx: Executor, id: number) {
  const row = await repo.findKey(tx, id);
  if (!row) throw notFound('API key');
  return row;
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) throw conflict(M.nameTaken, { name: M.nameTaken });
  throw error;
};

/** A service account is asked for by one person and works only once another approves it. */
export function requestAccount(
  app: FastifyInstance,
  actor: Actor,
  body: ServiceAccountBody,
): Promise<ServiceAccountRow> {
  return app.database.db.transaction(async (tx) => {
    const id = await repo
      .insertAccount(tx, { name: body.name, description: body.description, requestedBy: actor.id })
      .catch(nameTaken);
    await audit(tx, actor, {
      action: 'service_account.requested',
      entity: SERVICE_ACCOUNT_ENTITY,
      entityId: id,
      after: body,
    });
    return loadAccount(tx, id);
  });
}

type AccountLock = NonNullable<Awaited<ReturnType<typeof repo.lockAccount>>>;

const accountFlow: DecisionFlow<AccountLock, undefined> = {
  entity: 'Service account',
  lock: repo.lockAccount,
  wrongState: (row) => (row.status === 'pending' ? null : `This service account is already ${row.status}`),
  makers: (row) => [row.requestedBy],
  makerMessage: M.makerChecker,
  async apply(tx, row, { actor, result, reason }) {
    const status = result === 'approved' ? 'active' : 'rejected';
    await repo.updateAccount(tx, row.id, {
      status,
      decidedBy: actor.id,
      decidedAt: new Date(),
      decisionReason: reason,
    });
    return {
      action: `service_account.${result}`,
      entity: SERVICE_ACCOUNT_ENTITY,
      entityId: row.id,
      before: { status: row.status },
      after: { status, reason },
    };
  },
};

export function decideAccount(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: { result: Result; reason?: string },
): Promise<ServiceAccountRow> {
  return app.database.db.transaction(async (tx) => {
    await decideIn(tx, accountFlow, id, {
      actor,
      result: body.result,
      reason: body.reason ?? null,
      input: undefined,
    });
    return loadAccount(tx, id);
  });
}

/** A key is asked for by one person; the secret exists only once another approves it. */
export function requestKey(
  app: FastifyInstance,
  actor: Actor,
  accountId: number,
  body: ApiKeyBody,
): Promise<ApiKeyRow> {
  return app.database.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, accountId);
    if (!account) throw notFound('Service account');
    if (account.status === 'rejected' || account.status === 'disabled') throw conflict(M.accountNotActive);
    const id = await repo.insertKey(tx, { ...body, accountId, requestedBy: actor.id });
    await audit(tx, actor, {
      action: 'api_key.requested',
      entity: API_KEY_ENTITY,
      entityId: id,
      after: body,
    });
    return loadKey(tx, id);
  });
}

/** A successor of an active key (same scopes and limits); once approved the old one ends after the overlap. */
export function requestRotation(
  app: FastifyInstance,
  actor: Actor,
  keyId: number,
  overlapHours: number,
): Promise<ApiKeyRow> {
  return app.database.db.transaction(async (tx) => {
    const old = await repo.lockKey(tx, keyId);
    if (!old) throw notFound('API key');
    if (old.status !== 'active') throw conflict(M.keyNotActive);
    const id = await repo.insertKey(tx, {
      accountId: old.accountId,
      label: old.label,
      scopes: old.scopes,
      validDays: old.validDays,
      ratePerMinute: old.ratePerMinute,
      rotatesKeyId: old.id,
      overlapHours,
      requestedBy: actor.id,
    });
    await audit(tx, actor, {
      action: 'api_key.rotation_requested',
      entity: API_KEY_ENTITY,
      entityId: id,
      after: { rotatesKeyId: old.id, overlapHours },
    });
    return loadKey(tx, id);
  });
}

type KeyLock = NonNullable<Awaited<ReturnType<typeof repo.lockKey>>>;
/** The new key's public prefix and hash, made before the transaction; the key itself goes to the approver. */
type KeyMaterial = { prefix: string; hash: string } | null;

const keyFlow: DecisionFlow<KeyLock, KeyMaterial> = {
  entity: 'API key',
  lock: repo.lockKey,
  wrongState: (row) => (row.status === 'pending' ? null : `This key is already ${row.status}`),
  makers: (row) => [row.requestedBy],
  makerMessage: M.makerChecker,
  async check(tx, row, { result }) {
    if (result !== 'approved') return;
    const account = await repo.lockAccount(tx, row.accountId);
    if (account?.status !== 'active') throw conflict(M.accountNotActive);
  },
  async apply(tx, row, { actor, result, reason, input }) {
    const decided = { decidedBy: actor.id, decidedAt: new Date(), decisionReason: reason };
    if (result === 'rejected') {
      await repo.updateKey(tx, row.id, { status: 'rejected', ...decided });
    } else {
      await repo.updateKey(tx, row.id, {
        status: 'active',
        prefix: input!.prefix,
        secretHash: input!.hash,
        expiresAt: sql`now() + make_interval(days => ${row.validDays})`,
        ...decided,
      });
      // A rotation: the old key keeps working for the overlap, never longer than it would have.
      if (row.rotatesKeyId !== null)
        await tx.execute(sql`
          update ${apiKeys} set expires_at = least(expires_at, now() + make_interval(hours => ${row.overlapHours ?? 0}))
          where id = ${row.rotatesKeyId} and status = 'active'`);
    }
    return {
      action: `api_key.${result}`,
      entity: API_KEY_ENTITY,
      entityId: row.id,
      before: { status: row.status },
      after: {
        status: result === 'approved' ? 'active' : 'rejected',
        prefix: input?.prefix,
        rotatesKeyId: row.rotatesKeyId,
        reason,
      },
    };
  },
};

/** Approves (answering the key, this once) or rejects a key another person asked for. */
export async function decideKey(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: { result: Result; reason?: string },
): Promise<{ key: ApiKeyRow; secret: string | null }> {
  const material = body.result === 'approved' ? newKey() : null;
  const key = await app.database.db.transaction(async (tx) => {
    await decideIn(tx, keyFlow, id, {
      actor,
      result: body.result,
      reason: body.reason ?? null,
      input: material && { prefix: material.prefix, hash: material.hash },
    });
    return loadKey(tx, id);
  });
  return { key, secret: material?.key ?? null };
}

/** Ends a key at once (no second person needed to take access away). */
export function revokeKey(app: FastifyInstance, actor: Actor, id: number): Promise<ApiKeyRow> {
  return app.database.db.transaction(async (tx) => {
    const row = await repo.lockKey(tx, id);
    if (!row) throw notFound('API key');
    if (row.status !== 'active') throw conflict(M.keyNotActive);
    await repo.updateKey(tx, id, { status: 'revoked', revokedBy: actor.id, revokedAt: new Date() });
    await audit(tx, actor, {
      action: 'api_key.revoked',
      entity: API_KEY_ENTITY,
      entityId: id,
      before: { status: row.status },
      after: { status: 'revoked' },
    });
    return loadKey(tx, id);
  });
}
