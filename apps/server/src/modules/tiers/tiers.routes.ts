import { tiersEndpoints as endpoints } from '@app/contract/tiers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { settingRoutes } from '../../lib/settings/routes';
import { memberOf, staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './tiers.service';

export const tiersRoutes: FastifyPluginAsync = async (app) => {
  const staffActor = (request: FastifyRequest) => ({ ...actorOf(request), id: staffOf(request).id });
  settingRoutes(app, endpoints, {
    list: service.listPolicies,
    request: service.requestPolicy,
    decide: service.decidePolicy,
  });
  route(app, endpoints.overrides, async () => ({ rows: await service.listOverrides(app) }));
  route(app, endpoints.requestOverride, async (request) =>
    service.requestOverride(app, staffActor(request), request.params.id, request.body),
  );
  route(app, endpoints.approveOverride, async (request) =>
    service.decideOverride(
      app,
      staffActor(request),
      request.params.id,
      'approved',
      request.body.reason ?? null,
    ),
  );
  route(app, endpoints.rejectOverride, async (request) =>
    service.decideOverride(
      app,
      staffActor(request),
      request.params.id,
      'rejected',
      request.body.reason ?? null,
    ),
  );
  route(app, endpoints.member, async (request) => service.memberTierDetail(app, request.params.id));
  route(app, endpoints.mine, async (request) => service.memberTier(app, memberOf(request).id));
};
