import {
  batchCreateBody,
  batchRow,
  couponBatchesEndpoints,
  GENERATE_PAGE,
} from '@app/contract/coupon-batches';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './coupon-batches.service';

const params = idParams;
const access = page(GENERATE_PAGE);
const tags = ['coupons'];

export const couponBatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/coupon-batches',
    access: access,
    list: service.batchList,
    row: batchRow,
    fileName: 'coupon-batches',
    tags: tags,
    summary: 'Coupon batches with status, serial range, progress and counts',
  });

  route(app, couponBatchesEndpoints.options, async () => service.batchOptions(app));

  app.get(
    '/admin/coupon-batches/:id',
    { config: { access }, schema: { tags, summary: 'One batch', params, response: { 200: batchRow } } },
    async (request) => service.loadBatch(app.database.db, request.params.id),
  );

  app.post(
    '/admin/coupon-batches',
    {
      config: { access: action('coupon-batches.generate') },
      schema: {
        tags,
        summary:
          'Create a batch; its codes are generated in the background. An Idempotency-Key makes a repeat return the first answer',
        body: batchCreateBody,
        response: { 200: batchRow },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const idempotency = idempotencyOf(request, `staff:${actor.id}`);
      return sendIdempotent(reply, await service.createBatch(app, actor, request.body, idempotency));
    },
  );

  app.post(
    '/admin/coupon-batches/:id/retry',
    {
      config: { access: action('coupon-batches.generate') },
      schema: { tags, summary: 'Generate a failed batch again', params, response: { 200: batchRow } },
    },
    async (request) => service.retryBatch(app, actorOf(request), request.params.id),
  );
};
