import type { ModuleContribution } from '../../lib/module-contribution';
import { segmentsRoutes } from './segments.routes';

export const segmentsModule: ModuleContribution = {
  name: 'segments',
  routes: [segmentsRoutes],
};
