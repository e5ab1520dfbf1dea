import { z } from 'zod';
import { listEndpoints } from './endpoint-kits';

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

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
