import type { ModuleContribution } from '../../lib/module-contribution';
import { pointsSettingsRoutes } from './points-settings.routes';

export const pointsSettingsModule: ModuleContribution = {
  name: 'points-settings',
  routes: [pointsSettingsRoutes],
};
