import type { ModuleContribution } from '../../lib/module-contribution';
import { fraudRulesRoutes } from './fraud-rules.routes';

export const fraudRulesModule: ModuleContribution = {
  name: 'fraud-rules',
  routes: [fraudRulesRoutes],
};
