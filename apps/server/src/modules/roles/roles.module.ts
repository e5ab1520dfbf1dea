import type { ModuleContribution } from '../../lib/module-contribution';
import { rolesRoutes } from './roles.routes';

export const rolesModule: ModuleContribution = {
  name: 'roles',
  routes: [rolesRoutes],
};
