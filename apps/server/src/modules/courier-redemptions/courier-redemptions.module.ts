import type { ModuleContribution } from '../../lib/module-contribution';
import { courierCards } from './courier.dashboard';
import { courierRedemptionsRoutes } from './courier-redemptions.routes';
import { COURIER_REPORT_SOURCES } from './courier-report-sources';

export const courierRedemptionsModule: ModuleContribution = {
  name: 'courier-redemptions',
  routes: [courierRedemptionsRoutes],
  reportSources: { ...COURIER_REPORT_SOURCES },
  dashboardCards: [courierCards],
};
