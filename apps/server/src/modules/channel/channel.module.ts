import type { ModuleContribution } from '../../lib/module-contribution';
import { dealersReportSource } from './channel.report';
import { channelRoutes } from './channel.routes';

export const channelModule: ModuleContribution = {
  name: 'channel',
  routes: [channelRoutes],
  reportSources: { dealers: dealersReportSource },
};
