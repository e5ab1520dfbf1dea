import type { ModuleContribution } from '../../lib/module-contribution';
import { integrationApiRoutes, integrationsRoutes } from './integrations.routes';

export const integrationsModule: ModuleContribution = {
  name: 'integrations',
  routes: [integrationsRoutes, integrationApiRoutes],
};
