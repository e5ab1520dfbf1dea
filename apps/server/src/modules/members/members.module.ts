import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { memberApprovalsRoutes } from './members.approvals.routes';
import { memberCards } from './members.dashboard';
import { memberList } from './members.repository';
import { membersRoutes } from './members.routes';
import { memberScansRoutes } from './members.scans.routes';

export const membersModule: ModuleContribution = {
  name: 'members',
  routes: [membersRoutes, memberApprovalsRoutes, memberScansRoutes],
  dashboardCards: [memberCards],
  /** Members registered in the range. No KYC numbers. */
  reportSources: {
    members: reportOf(memberList, 'createdAt'),
  },
};
