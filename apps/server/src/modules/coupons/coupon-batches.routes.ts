import { batchCreateBody, batchOption, batchRow, GENERATE_PAGE } from '@app/contract/coupon-batches';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { action, page } from '../../plugins/access';
import * as service from './coupon-batches.service';

const params = z.object({ id: z.coerce.number().int().positive() });
const access = page(GENERATE_PAGE);
const tags = ['coupons'];

export const couponBatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/coupon-batches',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Coupon batches with status, serial range, progress and counts',
        querystring: listQuery,
        response: { 200: listResult(batchRow) },
      },
    },
    async (request) => service.listBatches(app, request.query),
  );

  app.get(
    '/admin/coupon-batches/options',
    {
      // Pickers of the print and damaged pages, whose roles do not hold Generate QR Code.
      config: { access: 'staff' },
      schema: { tags, summary: 'Ready batches, for pickers', response: { 200: z.array(batchOption) } },
    },
    async () => service.batchOptions(app),
  );

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
        summary: 'Create a batch; its codes are generated in the background',
        body: batchCreateBody,
        response: { 200: batchRow },
      },
    },
    async (request) => service.createBatch(app, actorOf(request), request.body),
  );
};
