import type { ModuleContribution } from '../../lib/module-contribution';
import { REDEMPTION_REPORT_SOURCES } from './redemption-report-sources';
import { redemptionsAppRoutes } from './redemptions.app-routes';
import { redemptionCards } from './redemptions.dashboard';
import { redemptionsRoutes } from './redemptions.routes';
import { rewardCards } from './rewards.dashboard';

export const redemptionsModule: ModuleContribution = {
  name: 'redemptions',
  routes: [redemptionsRoutes, redemptionsAppRoutes],
  reportSources: { ...REDEMPTION_REPORT_SOURCES },
  dashboardCards: [redemptionCards, rewardCards],
};
