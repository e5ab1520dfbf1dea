import type { ModuleContribution } from '../../lib/module-contribution';
import { appVersionsRoutes } from './app-versions.routes';

export const appVersionsModule: ModuleContribution = {
  name: 'app-versions',
  routes: [appVersionsRoutes],
};
