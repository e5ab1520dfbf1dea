import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/audit';

/** Who did it, taken from the request: the signed-in staff member and the request id. */
export interface Actor {
  id: number | null;
  role: string | null;
  requestId: string | null;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.staff?.id ?? null,
  role: request.staff?.role ?? null,
  requestId: request.id,
});

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes the audit entry; call it with the transaction that makes the change it records. */
export async function audit(tx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
  });
}
