import type { ModuleContribution } from '../../lib/module-contribution';
import { scheduleSchemeEnding } from './scheme-lapse';
import { schemeCards } from './schemes.dashboard';
import { schemesRoutes } from './schemes.routes';

export const schemesModule: ModuleContribution = {
  name: 'schemes',
  routes: [schemesRoutes],
  tasks: [scheduleSchemeEnding],
  dashboardCards: [schemeCards],
};
