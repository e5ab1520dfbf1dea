import type { ModuleContribution } from '../../lib/module-contribution';
import { privacyAppRoutes } from './privacy.app-routes';
import { privacyRoutes } from './privacy.routes';
import { registerPrivacyTasks } from './retention.service';

export const privacyModule: ModuleContribution = {
  name: 'privacy',
  routes: [privacyRoutes, privacyAppRoutes],
  tasks: [registerPrivacyTasks],
};
