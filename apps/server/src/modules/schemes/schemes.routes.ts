import { schemesEndpoints } from '@app/contract/schemes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { bulkDecisionRoutes } from '../../lib/decision-routes';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './schemes.service';

const e = schemesEndpoints;

/** Scheme (declared in contract schemesEndpoints): drafts, activation by a second person, end, cancel. */
export const schemesRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActor = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });

  listRoutes(app, { endpoints: e, list: service.schemeList, fileName: 'schemes' });
  route(app, e.one, async (request) => service.getScheme(app, request.params.id));
  route(app, e.history, async (request) => service.schemeHistory(app, request.params.id));
  route(app, e.create, async (request) => service.createScheme(app, staffActor(request), request.body));
  route(app, e.update, async (request) =>
    service.updateScheme(app, staffActor(request), request.params.id, request.body),
  );
  for (const [declaration, run] of [
    [e.requestActivation, service.requestActivation],
    [e.approve, service.approveActivation],
    [e.reject, service.rejectActivation],
    [e.end, service.endScheme],
  ] as const)
    route(app, declaration, async (request) => run(app, staffActor(request), request.params.id));
  route(app, e.cancel, async (request) =>
    service.cancelScheme(app, staffActor(request), request.params.id, request.body.reason),
  );
  bulkDecisionRoutes(app, {
    endpoints: e.bulk,
    flow: service.schemeActivations,
    tags: [...e.bulk.approve.tags],
    noun: 'scheme activations (not by their creator or submitter)',
    input: { of: () => undefined },
  });
};
