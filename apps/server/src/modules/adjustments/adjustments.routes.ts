import { adjustmentDecisionBody, adjustmentRequestBody, adjustmentRow } from '@app/contract/adjustments';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { bulkDecisionRoutes } from '../../lib/decision-routes';
import { listRoutes } from '../../lib/lists/routes';
import { action, page, staffOf } from '../../plugins/access';
import { adjustmentList } from './adjustments.repository';
import { adjustmentDecisions, decideAdjustment, requestAdjustment } from './adjustments.service';

const access = page('/dashboard/users');
const deciding = action('adjustments.decide');
const tags = ['adjustments'];
const params = idParams;

/** Manual points adjustments on All Users: request, then a second person approves or rejects. */
export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActor = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });

  listRoutes(app, {
    path: '/admin/adjustments',
    access,
    list: adjustmentList,
    row: adjustmentRow,
    fileName: 'adjustments',
    tags,
    summary: 'Adjustment requests',
  });

  app.post(
    '/admin/users/:id/adjustments',
    {
      config: { access: action('adjustments.request') },
      schema: {
        tags,
        summary: 'Request a manual adjustment (posts only when approved)',
        params,
        body: adjustmentRequestBody,
        response: { 200: adjustmentRow },
      },
    },
    async (request) => requestAdjustment(app, staffActor(request), request.params.id, request.body),
  );

  for (const [action, result] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/admin/adjustments/:id/${action}`,
      {
        config: { access: deciding },
        schema: {
          tags,
          summary: `${action === 'approve' ? 'Approve (and post)' : 'Reject'} — not by the requester`,
          params,
          body: adjustmentDecisionBody,
          response: { 200: adjustmentRow },
        },
      },
      async (request) =>
        decideAdjustment(app, staffActor(request), request.params.id, result, request.body.note),
    );
  }

  bulkDecisionRoutes(app, {
    path: '/admin/adjustments',
    action: 'adjustments.decide',
    flow: adjustmentDecisions,
    tags,
    noun: 'points adjustments (not by their requester)',
    input: { of: () => undefined },
  });
};
