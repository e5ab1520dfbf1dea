import type { ModuleContribution } from '../../lib/module-contribution';
import { pointsSettingsCards } from './points-settings.dashboard';
import { pointsSettingsRoutes } from './points-settings.routes';

export const pointsSettingsModule: ModuleContribution = {
  name: 'points-settings',
  dashboardCards: [pointsSettingsCards],
  routes: [pointsSettingsRoutes],
};
