import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { auditCards } from './audit.dashboard';
import { auditList } from './audit.repository';
import { auditRoutes } from './audit.routes';

export const auditModule: ModuleContribution = {
  name: 'audit',
  routes: [auditRoutes],
  dashboardCards: [auditCards],
  /** Audit entries in the range, with the actor's name; before/after as JSON text. */
  reportSources: { audit_log: reportOf(auditList, 'at') },
};
