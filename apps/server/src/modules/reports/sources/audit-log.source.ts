import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/audit';
import { staff } from '../../../db/schema/staff';
import { countColumn, istText, keysetSource } from '../report-source';

/** Audit entries in the range, with the actor's name; before/after as JSON text. */
export const auditLogSource = keysetSource({
  date: auditLog.at,
  id: auditLog.id,
  select: (db, cursor) =>
    db
      .select({
        at: istText(auditLog.at),
        actorName: staff.name,
        actorRole: auditLog.actorRole,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: sql<string | null>`${auditLog.before}::text`,
        after: sql<string | null>`${auditLog.after}::text`,
        requestId: auditLog.requestId,
        ...cursor,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.actorId))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(auditLog).$dynamic(),
});
