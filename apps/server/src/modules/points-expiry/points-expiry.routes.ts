import { pointsExpiryEndpoints as endpoints } from '@app/contract/points-expiry';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { memberOf, staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './points-expiry.service';

export const pointsExpiryRoutes: FastifyPluginAsync = async (app) => {
  const staffActor = (request: FastifyRequest) => ({ ...actorOf(request), id: staffOf(request).id });

  route(app, endpoints.policies, async () => ({ rows: await service.listPolicies(app) }));
  route(app, endpoints.request, async (request) =>
    service.requestPolicy(app, staffActor(request), request.body),
  );
  route(app, endpoints.approve, async (request) =>
    service.decidePolicy(
      app,
      staffActor(request),
      request.params.id,
      'approved',
      request.body.reason ?? null,
    ),
  );
  route(app, endpoints.reject, async (request) =>
    service.decidePolicy(
      app,
      staffActor(request),
      request.params.id,
      'rejected',
      request.body.reason ?? null,
    ),
  );
  route(app, endpoints.liability, async () => service.liability(app));
  route(app, endpoints.myExpiring, async (request) => service.memberExpiring(app, memberOf(request).id));
};
