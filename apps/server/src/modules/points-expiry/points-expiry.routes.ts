import { pointsExpiryEndpoints as endpoints } from '@app/contract/points-expiry';
import type { FastifyPluginAsync } from 'fastify';
import { settingRoutes } from '../../lib/settings/routes';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './points-expiry.service';

export const pointsExpiryRoutes: FastifyPluginAsync = async (app) => {
  settingRoutes(app, endpoints, {
    list: service.listPolicies,
    request: service.requestPolicy,
    decide: service.decidePolicy,
  });
  route(app, endpoints.liability, async () => service.liability(app));
  route(app, endpoints.myExpiring, async (request) => service.memberExpiring(app, memberOf(request).id));
};
