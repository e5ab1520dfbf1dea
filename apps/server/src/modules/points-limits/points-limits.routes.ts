import { pointsLimitsEndpoints as endpoints } from '@app/contract/points-limits';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './points-limits.service';

export const pointsLimitsRoutes: FastifyPluginAsync = async (app) => {
  const staffActor = (request: FastifyRequest) => ({ ...actorOf(request), id: staffOf(request).id });

  route(app, endpoints.list, async () => ({ rows: await service.listLimits(app) }));
  route(app, endpoints.request, async (request) =>
    service.requestLimits(app, staffActor(request), request.body),
  );
  route(app, endpoints.approve, async (request) =>
    service.decideLimits(
      app,
      staffActor(request),
      request.params.id,
      'approved',
      request.body.reason ?? null,
    ),
  );
  route(app, endpoints.reject, async (request) =>
    service.decideLimits(
      app,
      staffActor(request),
      request.params.id,
      'rejected',
      request.body.reason ?? null,
    ),
  );
};
