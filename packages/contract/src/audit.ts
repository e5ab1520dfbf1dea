import { auditEntry } from './audit-entry';
import { listEndpoints } from './endpoint-kits';

export { type AuditEntry, auditEntry } from './audit-entry';

/** Filters of the audit log list: `filter={...}` keys. */
export const AUDIT_FILTERS = ['q', 'entity', 'entityId', 'action', 'actorId', 'from', 'to'] as const;
export const AUDIT_SORTS = ['id', 'at'] as const;

/** The audit log, filtered (Almond team and admin: the holders of Manage Admin). */
export const auditEndpoints = listEndpoints('/admin/audit', {
  access: { page: '/dashboard/manageadmin' },
  row: auditEntry,
  tags: ['audit'],
  summary: 'The audit log, filtered',
});
