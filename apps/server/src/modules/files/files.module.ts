import type { ModuleContribution } from '../../lib/module-contribution';
import { filesRoutes } from './files.routes';

export const filesModule: ModuleContribution = {
  name: 'files',
  routes: [filesRoutes],
};
