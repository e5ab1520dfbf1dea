import { courierEndpoints } from '@app/contract/courier-redemptions';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { courierList } from './courier-redemptions.repository';
import * as service from './courier-redemptions.service';
import { dispatchTemplate, uploadDispatches } from './dispatch-upload';

/**
 * Courier Redemption: approved gifts, dispatch (one or by upload), delivered, returned, manifest.
 * Declared in contract courierEndpoints.
 */
export const courierRedemptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  const e = courierEndpoints;

  listRoutes(app, { endpoints: e, list: courierList, fileName: 'dispatch-manifest' });
  route(app, e.dispatch, async (request) =>
    service.dispatch(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.delivered, async (request) =>
    service.delivered(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.returned, async (request) =>
    service.returned(app, actorOf(request), request.params.id, request.body.reason),
  );
  route(app, e.upload.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'dispatch-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await dispatchTemplate()),
  );
  route(app, e.upload.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'dispatches.xlsx');
    return uploadDispatches(app, actorOf(request), {
      content,
      applyValid: request.query.applyValid === 'true',
    });
  });
  errorReportRoute(app, { endpoint: e.upload.errors, purpose: 'dispatch_upload_errors' });
};
