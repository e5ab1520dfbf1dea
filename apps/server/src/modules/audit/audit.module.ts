import type { ModuleContribution } from '../../lib/module-contribution';
import { auditCards } from './audit.dashboard';
import { auditRoutes } from './audit.routes';

export const auditModule: ModuleContribution = {
  name: 'audit',
  routes: [auditRoutes],
  dashboardCards: [auditCards],
};
