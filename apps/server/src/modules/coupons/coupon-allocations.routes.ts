import {
  ALLOCATION_HISTORY_PAGE,
  ALLOCATION_PAGE,
  allocatableLine,
  allocationCreateBody,
  allocationRow,
  allocationUndoBody,
} from '@app/contract/coupon-allocations';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { action, page } from '../../plugins/access';
import * as service from './coupon-allocations.service';

const params = z.object({ id: z.coerce.number().int().positive() });
const allocating = page(ALLOCATION_PAGE);
const history = page(ALLOCATION_HISTORY_PAGE);
const tags = ['coupons'];

export const couponAllocationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/coupon-allocations/lines',
    {
      config: { access: allocating },
      schema: {
        tags,
        summary: 'Invoice lines to allocate to, with remaining quantity and stock of their SKU',
        querystring: listQuery,
        response: { 200: listResult(allocatableLine) },
      },
    },
    async (request) => service.listLines(app, request.query),
  );

  app.post(
    '/admin/coupon-allocations',
    {
      config: { access: action('coupon-allocations.allocate') },
      schema: {
        tags,
        summary: 'Allocate printed coupons (serial range or next N in stock) to an invoice line',
        body: allocationCreateBody,
        response: { 200: allocationRow },
      },
    },
    async (request) => service.allocate(app, actorOf(request), request.body),
  );

  app.get(
    '/admin/coupon-allocations',
    {
      config: { access: history },
      schema: {
        tags,
        summary: 'Allocation history',
        querystring: listQuery,
        response: { 200: listResult(allocationRow) },
      },
    },
    async (request) => service.listAllocations(app, request.query),
  );

  app.get(
    '/admin/coupon-allocations/:id',
    {
      config: { access: history },
      schema: { tags, summary: 'One allocation', params, response: { 200: allocationRow } },
    },
    async (request) => service.loadAllocation(app.database.db, request.params.id),
  );

  app.post(
    '/admin/coupon-allocations/:id/undo',
    {
      config: { access: action('coupon-allocations.undo') },
      schema: {
        tags,
        summary: 'Undo an allocation: unscanned codes return to printed stock',
        params,
        body: allocationUndoBody,
        response: { 200: allocationRow },
      },
    },
    async (request) => service.undoAllocation(app, actorOf(request), request.params.id, request.body.reason),
  );
};
