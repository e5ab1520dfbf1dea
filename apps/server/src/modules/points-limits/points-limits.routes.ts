import { pointsLimitsEndpoints as endpoints } from '@app/contract/points-limits';
import type { FastifyPluginAsync } from 'fastify';
import { settingRoutes } from '../../lib/settings/routes';
import * as service from './points-limits.service';

export const pointsLimitsRoutes: FastifyPluginAsync = async (app) => {
  settingRoutes(app, endpoints, {
    list: service.listLimits,
    request: service.requestLimits,
    decide: service.decideLimits,
  });
};
