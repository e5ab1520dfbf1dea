import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/audit';

/**
 * Who did it, taken from the request: the signed-in staff member, or a service account calling the
 * integration API (no staff id; its role reads `service account: <name>`), and the request id.
 */
export interface Actor {
  id: number | null;
  role: string | null;
  requestId: string | null;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.staff?.id ?? null,
  role:
    request.staff?.role ?? (request.integration ? serviceAccountRole(request.integration.accountName) : null),
  requestId: request.id,
});

/** The audit role of a service account's calls. */
export const serviceAccountRole = (name: string) => `service account: ${name}`;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (s: string) => s.replaceAll('\0', '\ufffd').replace(LONE_SURROGATE, '\ufffd');

/**
 * The value as jsonb can hold it: PostgreSQL refuses NUL and lone surrogates in jsonb, so each becomes
 * U+FFFD. Request text never holds them (contract `text()`), but before/after also come from rows,
 * sheets and services, and an audit entry must never be the reason a change fails.
 */
export function jsonbSafe(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(jsonbSafe);
  if (value === null || typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === 'function') return jsonbSafe(toJSON.call(value));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), jsonbSafe(v)]));
}

const auditRow = (actor: Actor, entry: AuditEntry) => ({
  actorId: actor.id,
  actorRole: actor.role,
  action: entry.action,
  entity: entry.entity,
  entityId: String(entry.entityId),
  before: jsonbSafe(entry.before ?? null),
  after: jsonbSafe(entry.after ?? null),
  requestId: actor.requestId,
});

/** Writes the audit entry; call it with the transaction that makes the change it records. */
export async function audit(tx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(actor, entry));
}

/** Entries per INSERT: sent as one jsonb array parameter. */
const AUDIT_ROWS_PER_INSERT = 1_000;

/**
 * Writes many entries of one actor, in order, one INSERT per thousand (a bulk decision's entries):
 * the same rows `audit` writes one by one, without a round trip or eight parameters per entry. The
 * entries travel as one jsonb array, each `before`/`after` through `jsonbSafe` as `audit` stores them.
 */
export async function auditMany(tx: Executor, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_ROWS_PER_INSERT) {
    const batch = entries.slice(i, i + AUDIT_ROWS_PER_INSERT).map((entry) => ({
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      before: jsonbSafe(entry.before ?? null),
      after: jsonbSafe(entry.after ?? null),
    }));
    await tx.execute(sql`
      insert into ${auditLog} (actor_id, actor_role, action, entity, entity_id, before, after, request_id)
      select ${actor.id}::int, ${actor.role}::text, e->>'action', e->>'entity', e->>'entityId',
        nullif(e->'before', 'null'::jsonb), nullif(e->'after', 'null'::jsonb), ${actor.requestId}::text
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as x(e, n)
      order by n`);
  }
}
