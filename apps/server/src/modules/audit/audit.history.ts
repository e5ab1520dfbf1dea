import type { AuditEntry } from '@app/contract/audit';
import type { Executor } from '../../db/client';
import { listAudit } from './audit.repository';

/** How many entries an entity's page shows inline; the audit log holds the rest. */
export const HISTORY_LIMIT = 50;

/** The latest audit entries of one entity (e.g. a staff account or a role), newest first. */
export async function historyOf(tx: Executor, entity: string, id: number | string): Promise<AuditEntry[]> {
  const result = await listAudit(tx, {
    page: 1,
    perPage: HISTORY_LIMIT,
    sort: 'id',
    order: 'DESC',
    filter: { entity, entityId: String(id) },
  });
  return result.rows;
}
