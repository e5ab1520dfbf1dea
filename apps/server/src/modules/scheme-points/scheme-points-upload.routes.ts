import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { schemePointsEndpoints } from '@app/contract/scheme-points';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { pointsTemplate } from './scheme-points-sheet';
import * as uploads from './scheme-points-upload.service';

const e = schemePointsEndpoints.upload;

/** Update Scheme Points by spreadsheet (contract schemePointsEndpoints.upload): the template, the upload, and its error report. */
export const schemePointsUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  route(app, e.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'scheme-points-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await pointsTemplate()),
  );
  route(app, e.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'scheme-points.xlsx');
    return uploads.uploadPointsChanges(app, actorOf(request), {
      content,
      applyValid: request.query.applyValid === 'true',
    });
  });
  errorReportRoute(app, { endpoint: e.errors, purpose: 'points_upload_errors' });
};
