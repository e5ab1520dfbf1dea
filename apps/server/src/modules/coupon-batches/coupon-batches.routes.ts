import { couponBatchesEndpoints } from '@app/contract/coupon-batches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './coupon-batches.service';

const e = couponBatchesEndpoints;

/** Generate QR Code (contract couponBatchesEndpoints). */
export const couponBatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: service.batchList, fileName: 'coupon-batches' });
  route(app, e.options, async () => service.batchOptions(app));
  route(app, e.one, async (request) => service.loadBatch(app.database.db, request.params.id));
  route(app, e.create, async (request, reply) => {
    const actor = actorOf(request);
    const idempotency = idempotencyOf(request, `staff:${actor.id}`);
    return sendIdempotent(reply, await service.createBatch(app, actor, request.body, idempotency));
  });
  route(app, e.retry, async (request) => service.retryBatch(app, actorOf(request), request.params.id));
};
