import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { signInActivitySource } from './sign-in-activity.report';
import { staffCards } from './staff.dashboard';
import { staffList } from './staff.repository';
import { staffRoutes } from './staff.routes';

export const staffModule: ModuleContribution = {
  name: 'staff',
  routes: [staffRoutes],
  dashboardCards: [staffCards],
  reportSources: {
    /** Staff accounts created in the range, with their role's display name. */
    staff: reportOf(staffList, 'createdAt'),
    sign_in_activity: signInActivitySource,
  },
};
