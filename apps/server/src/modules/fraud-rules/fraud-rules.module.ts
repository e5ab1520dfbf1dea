import type { ModuleContribution } from '../../lib/module-contribution';
import { fraudDecisionsReportSource } from './fraud-decisions.report';
import { fraudRulesRoutes } from './fraud-rules.routes';

export const fraudRulesModule: ModuleContribution = {
  name: 'fraud-rules',
  routes: [fraudRulesRoutes],
  reportSources: { fraud_decisions: fraudDecisionsReportSource },
};
