import type { ModuleContribution } from '../../lib/module-contribution';
import { authRoutes } from './auth.routes';

export const authModule: ModuleContribution = {
  name: 'auth',
  routes: [authRoutes],
};
