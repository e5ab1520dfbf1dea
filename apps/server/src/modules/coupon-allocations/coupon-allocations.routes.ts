import { couponAllocationsEndpoints } from '@app/contract/coupon-allocations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './coupon-allocations.service';

const e = couponAllocationsEndpoints;

/** Coupon Allocation and Allocation History (contract couponAllocationsEndpoints). */
export const couponAllocationsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    endpoints: e.lines,
    list: service.allocatableLineList,
    fileName: 'allocatable-invoice-lines',
  });
  route(app, e.allocate, async (request) => service.allocate(app, actorOf(request), request.body));
  listRoutes(app, { endpoints: e, list: service.allocationList, fileName: 'allocation-history' });
  route(app, e.one, async (request) => service.loadAllocation(app.database.db, request.params.id));
  route(app, e.undo, async (request) =>
    service.undoAllocation(app, actorOf(request), request.params.id, request.body.reason),
  );
};
