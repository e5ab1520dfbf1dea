import { adjustmentDecisionBody, adjustmentRequestBody, adjustmentRow } from '@app/contract/adjustments';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { action, page, staffOf } from '../../plugins/access';
import { listAdjustments } from './adjustments.repository';
import { decideAdjustment, requestAdjustment } from './adjustments.service';

const access = page('/dashboard/users');
const deciding = action('adjustments.decide');
const tags = ['adjustments'];
const params = z.object({ id: z.coerce.number().int().positive() });

/** Manual points adjustments on All Users: request, then a second person approves or rejects. */
export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActor = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });

  app.get(
    '/admin/adjustments',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Adjustment requests',
        querystring: listQuery,
        response: { 200: listResult(adjustmentRow) },
      },
    },
    async (request) => listAdjustments(app.database.db, request.query),
  );

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
};
