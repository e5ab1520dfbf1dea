import { PRINT_PAGE, printCreateBody, printRow } from '@app/contract/coupon-prints';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { action, page } from '../../plugins/access';
import * as service from './coupon-prints.service';

const params = z.object({ id: z.coerce.number().int().positive() });
const access = page(PRINT_PAGE);
const tags = ['coupons'];

export const couponPrintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/coupon-prints',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Punch history',
        querystring: listQuery,
        response: { 200: listResult(printRow) },
      },
    },
    async (request) => service.listPrints(app, request.query),
  );

  app.get(
    '/admin/coupon-prints/:id',
    {
      config: { access },
      schema: { tags, summary: 'One punch record', params, response: { 200: printRow } },
    },
    async (request) => service.loadPrint(app.database.db, request.params.id),
  );

  app.post(
    '/admin/coupon-prints',
    {
      config: { access: action('coupon-prints.create') },
      schema: {
        tags,
        summary: 'Print a batch or serial range; the PDF renders in the background',
        body: printCreateBody,
        response: { 200: printRow },
      },
    },
    async (request) => service.createPrint(app, actorOf(request), request.body),
  );

  app.get(
    '/admin/coupon-prints/:id/file',
    { config: { access }, schema: { tags, summary: 'Download the print file (PDF)', params } },
    async (request, reply) => {
      const { file, stream } = await service.printFile(app, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(stream);
    },
  );
};
