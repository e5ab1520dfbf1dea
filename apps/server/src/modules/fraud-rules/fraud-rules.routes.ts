import { fraudRulesEndpoints as endpoints } from '@app/contract/fraud-rules';
import type { FastifyPluginAsync } from 'fastify';
import { settingRoutes } from '../../lib/settings/routes';
import * as service from './fraud-rules.service';

export const fraudRulesRoutes: FastifyPluginAsync = async (app) => {
  settingRoutes(app, endpoints, {
    list: service.listRules,
    request: service.requestRules,
    decide: service.decideRules,
  });
};
