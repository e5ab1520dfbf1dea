import { PRINT_PAGE, printCreateBody, printRow } from '@app/contract/coupon-prints';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import * as service from './coupon-prints.service';

const params = idParams;
const access = page(PRINT_PAGE);
const tags = ['coupons'];

export const couponPrintsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/coupon-prints',
    access,
    list: service.printList,
    row: printRow,
    fileName: 'coupon-prints',
    tags,
    summary: 'Punch history',
  });

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
      return downloadHeaders(reply, {
        name: file.name,
        contentType: 'application/pdf',
        personal: false,
      }).send(stream);
    },
  );
};
