import type { ModuleContribution } from '../../lib/module-contribution';
import { gameCards } from './games.dashboard';
import { GAME_REPORT_SOURCES } from './games.report-sources';
import { gamesRoutes } from './games.routes';

export const gamesModule: ModuleContribution = {
  name: 'games',
  dashboardCards: [gameCards],
  routes: [gamesRoutes],
  reportSources: { ...GAME_REPORT_SOURCES },
};
