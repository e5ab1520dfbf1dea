import { reportColumns, reportOf } from '../../../lib/lists/report';
import { auditList } from '../../audit/audit.repository';

/** Audit entries in the range, with the actor's name; before/after as JSON text. */
export const auditLogSource = reportOf(auditList, 'at', reportColumns('audit_log'));
