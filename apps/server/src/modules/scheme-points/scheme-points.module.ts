import type { ModuleContribution } from '../../lib/module-contribution';
import { schemePointsCards } from './scheme-points.dashboard';
import { schemePointsRoutes } from './scheme-points.routes';
import { schemePointsUploadRoutes } from './scheme-points-upload.routes';

export const schemePointsModule: ModuleContribution = {
  name: 'scheme-points',
  dashboardCards: [schemePointsCards],
  routes: [schemePointsRoutes, schemePointsUploadRoutes],
};
