import type { AuditEntry } from '@app/contract/audit';
import type { ListQuery } from '@app/contract/list';
import { count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';

const text = (v: unknown) => String(v);

export const auditListSpec: ListSpec = {
  sortable: { id: auditLog.id, at: auditLog.at },
  defaultSort: 'id',
  id: auditLog.id,
  filters: {
    q: (v) =>
      or(
        ilike(auditLog.action, `%${text(v)}%`),
        ilike(auditLog.entity, `%${text(v)}%`),
        ilike(staff.name, `%${text(v)}%`),
      ),
    entity: (v) => eq(auditLog.entity, text(v)),
    entityId: (v) => eq(auditLog.entityId, text(v)),
    action: (v) => eq(auditLog.action, text(v)),
    actorId: (v) => eq(auditLog.actorId, Number(v)),
    from: (v) => gte(auditLog.at, sql`${text(v)}::timestamptz`),
    to: (v) => lt(auditLog.at, sql`${text(v)}::timestamptz`),
  },
};

export function listAudit(tx: Executor, query: ListQuery) {
  return runList<AuditEntry>(auditListSpec, query, {
    select: (cursor) =>
      tx
        .select({
          id: auditLog.id,
          at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          actorId: auditLog.actorId,
          actorName: staff.name,
          actorRole: auditLog.actorRole,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          requestId: auditLog.requestId,
          ...cursor,
        })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.actorId))
        .$dynamic(),
    count: () =>
      tx.select({ n: count() }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.actorId)).$dynamic(),
  });
}
