import {
  ALLOCATION_HISTORY_PAGE,
  ALLOCATION_PAGE,
  allocatableLine,
  allocationCreateBody,
  allocationRow,
  allocationUndoBody,
} from '@app/contract/coupon-allocations';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import * as service from './coupon-allocations.service';

const params = idParams;
const allocating = page(ALLOCATION_PAGE);
const history = page(ALLOCATION_HISTORY_PAGE);
const tags = ['coupons'];

export const couponAllocationsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/coupon-allocations/lines',
    access: allocating,
    list: service.allocatableLineList,
    row: allocatableLine,
    fileName: 'allocatable-invoice-lines',
    tags,
    summary: 'Invoice lines to allocate to, with remaining quantity and stock of their SKU',
  });

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

  listRoutes(app, {
    path: '/admin/coupon-allocations',
    access: history,
    list: service.allocationList,
    row: allocationRow,
    fileName: 'allocation-history',
    tags,
    summary: 'Allocation history',
  });

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
