import { fraudRulesEndpoints as endpoints } from '@app/contract/fraud-rules';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './fraud-rules.service';

export const fraudRulesRoutes: FastifyPluginAsync = async (app) => {
  const staffActor = (request: FastifyRequest) => ({ ...actorOf(request), id: staffOf(request).id });

  route(app, endpoints.list, async () => ({ rows: await service.listRules(app) }));
  route(app, endpoints.request, async (request) =>
    service.requestRules(app, staffActor(request), request.body),
  );
  route(app, endpoints.approve, async (request) =>
    service.decideRules(app, staffActor(request), request.params.id, 'approved', request.body.reason ?? null),
  );
  route(app, endpoints.reject, async (request) =>
    service.decideRules(app, staffActor(request), request.params.id, 'rejected', request.body.reason ?? null),
  );
};
