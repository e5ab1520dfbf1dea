import type { ModuleContribution } from '../../lib/module-contribution';
import { memberApprovalsRoutes } from './members.approvals.routes';
import { memberCards } from './members.dashboard';
import { membersRoutes } from './members.routes';
import { memberScansRoutes } from './members.scans.routes';

export const membersModule: ModuleContribution = {
  name: 'members',
  routes: [membersRoutes, memberApprovalsRoutes, memberScansRoutes],
  dashboardCards: [memberCards],
};
