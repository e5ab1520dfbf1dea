import type { ModuleContribution } from '../../lib/module-contribution';
import { schemePointsRoutes } from './scheme-points.routes';
import { schemePointsUploadRoutes } from './scheme-points-upload.routes';

export const schemePointsModule: ModuleContribution = {
  name: 'scheme-points',
  routes: [schemePointsRoutes, schemePointsUploadRoutes],
};
