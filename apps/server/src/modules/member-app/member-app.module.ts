import type { ModuleContribution } from '../../lib/module-contribution';
import { memberAppRoutes } from './member-app.routes';

export const memberAppModule: ModuleContribution = {
  name: 'member-app',
  routes: [memberAppRoutes],
};
