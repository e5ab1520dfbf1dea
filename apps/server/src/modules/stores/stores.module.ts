import type { ModuleContribution } from '../../lib/module-contribution';
import { storesRoutes } from './stores.routes';
import { storesReportSource } from './stores-report-source';

export const storesModule: ModuleContribution = {
  name: 'stores',
  routes: [storesRoutes],
  reportSources: { stores: storesReportSource },
};
