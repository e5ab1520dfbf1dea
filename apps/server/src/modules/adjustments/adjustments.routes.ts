import { adjustmentsEndpoints } from '@app/contract/adjustments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { bulkDecisionRoutes } from '../../lib/decision-routes';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { adjustmentList } from './adjustments.repository';
import { adjustmentDecisions, decideAdjustment, requestAdjustment } from './adjustments.service';

const e = adjustmentsEndpoints;

/** Manual points adjustments on All Users (contract adjustmentsEndpoints): request, then a second person approves or rejects. */
export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActor = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });

  listRoutes(app, { endpoints: e, list: adjustmentList, fileName: 'adjustments' });
  route(app, e.request, async (request) =>
    requestAdjustment(app, staffActor(request), request.params.id, request.body),
  );
  for (const [action, result] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const)
    route(app, e[action], async (request) =>
      decideAdjustment(app, staffActor(request), request.params.id, result, request.body.note),
    );

  bulkDecisionRoutes(app, {
    endpoints: e.bulk,
    flow: adjustmentDecisions,
    tags: [...e.bulk.approve.tags],
    noun: 'points adjustments (not by their requester)',
    input: { of: () => undefined },
  });
};
