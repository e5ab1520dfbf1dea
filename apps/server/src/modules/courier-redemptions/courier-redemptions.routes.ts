import {
  COURIER_PAGE,
  courierRow,
  deliveredBody,
  dispatchBody,
  dispatchUploadResult,
  returnedBody,
} from '@app/contract/courier-redemptions';
import { idParams } from '@app/contract/input';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import { courierList } from './courier-redemptions.repository';
import * as service from './courier-redemptions.service';
import { dispatchTemplate, uploadDispatches } from './dispatch-upload';

const access = page(COURIER_PAGE);
const working = action('courier.dispatch');
const tags = ['courier redemption'];
const params = idParams;

/** Courier Redemption: approved gifts, dispatch (one or by upload), delivered, returned, manifest. */
export const courierRedemptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  listRoutes(app, {
    path: '/admin/courier-redemptions',
    access,
    list: courierList,
    row: courierRow,
    fileName: 'dispatch-manifest',
    tags,
    summary: 'Approved gift redemptions and their shipping; the export is the dispatch manifest',
  });

  app.post(
    '/admin/courier-redemptions/:id/dispatch',
    {
      config: { access: working },
      schema: {
        tags,
        summary: 'Dispatch an approved gift',
        params,
        body: dispatchBody,
        response: { 200: courierRow },
      },
    },
    async (request) => service.dispatch(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/courier-redemptions/:id/delivered',
    {
      config: { access: working },
      schema: {
        tags,
        summary: 'Mark a dispatched gift delivered',
        params,
        body: deliveredBody,
        response: { 200: courierRow },
      },
    },
    async (request) => service.delivered(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/courier-redemptions/:id/returned',
    {
      config: { access: working },
      schema: {
        tags,
        summary: 'Mark a dispatched gift returned (the points go back to the member)',
        params,
        body: returnedBody,
        response: { 200: courierRow },
      },
    },
    async (request) => service.returned(app, actorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/admin/courier-redemptions/template',
    { config: { access }, schema: { tags, summary: 'The dispatch upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'dispatch-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await dispatchTemplate()),
  );

  app.post(
    '/admin/courier-redemptions/upload',
    {
      config: { access: working },
      schema: {
        tags,
        summary:
          'Dispatch many gifts from an xlsx (multipart field "file"); applyValid=true applies the good rows',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: dispatchUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'dispatches.xlsx');
      return uploadDispatches(app, actorOf(request), {
        content,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );

  errorReportRoute(app, {
    path: '/admin/courier-redemptions/upload/errors',
    access,
    purpose: 'dispatch_upload_errors',
    tags,
  });
};
