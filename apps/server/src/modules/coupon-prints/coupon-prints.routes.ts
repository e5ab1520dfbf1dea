import { couponPrintsEndpoints } from '@app/contract/coupon-prints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { sendStoredFile } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './coupon-prints.service';

const e = couponPrintsEndpoints;

/** Print Coupon (contract couponPrintsEndpoints). */
export const couponPrintsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: service.printList, fileName: 'coupon-prints' });
  route(app, e.one, async (request) => service.loadPrint(app.database.db, request.params.id));
  route(app, e.create, async (request) => service.createPrint(app, actorOf(request), request.body));
  route(app, e.file, async (request, reply) => {
    const file = await service.printFile(app, request.params.id);
    return sendStoredFile(app, reply, file, {
      name: file.name,
      contentType: 'application/pdf',
      personal: false,
    });
  });
};
