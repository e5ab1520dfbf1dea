import type { AuditEntry } from '@app/contract/audit';
import type { ListQuery } from '@app/contract/list';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { listPage } from '../../lib/lists/engine';
import { equals, id, istDayRange, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/** The audit log: the list page, its export and the "Audit log" report. */
export const auditList = defineList<AuditEntry>({
  columns: {
    id: auditLog.id,
    at: { sql: isoText(auditLog.at), label: 'Time', format: 'datetime', width: 20 },
    actorId: auditLog.actorId,
    actorName: { sql: staff.name, label: 'Actor', width: 24 },
    actorRole: { sql: auditLog.actorRole, label: 'Actor role', width: 14 },
    action: { sql: auditLog.action, label: 'Action', width: 24 },
    entity: { sql: auditLog.entity, label: 'Entity', width: 14 },
    entityId: { sql: auditLog.entityId, label: 'Entity ID', width: 12 },
    before: { sql: auditLog.before, label: 'Before', width: 40 },
    after: { sql: auditLog.after, label: 'After', width: 40 },
    requestId: { sql: auditLog.requestId, label: 'Request ID', width: 38 },
  },
  from: (db, fields) =>
    db.select(fields).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.actorId)).$dynamic(),
  filters: {
    q: text(auditLog.action, auditLog.entity, staff.name),
    entity: equals(auditLog.entity),
    entityId: equals(auditLog.entityId),
    action: equals(auditLog.action),
    actorId: id(auditLog.actorId),
    ...istDayRange(auditLog.at),
  },
  sort: { id: auditLog.id, at: auditLog.at },
  defaultSort: 'id',
  id: auditLog.id,
});

export const listAudit = (tx: Executor, query: ListQuery) => listPage(auditList, tx, query);
