import type { ModuleContribution } from '../../lib/module-contribution';
import { mapsRoutes } from './maps.routes';

export const mapsModule: ModuleContribution = {
  name: 'maps',
  routes: [mapsRoutes],
};
