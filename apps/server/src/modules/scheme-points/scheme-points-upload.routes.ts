import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { pointsUploadResult, SCHEME_POINTS_PAGE } from '@app/contract/scheme-points';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import { pointsTemplate } from './scheme-points-sheet';
import * as uploads from './scheme-points-upload.service';

const access = page(SCHEME_POINTS_PAGE);
const tags = ['scheme points'];

/** Update Scheme Points by spreadsheet: the template, the upload, and its error report. */
export const schemePointsUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  app.get(
    '/admin/scheme-points/template',
    { config: { access }, schema: { tags, summary: 'The points upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'scheme-points-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await pointsTemplate()),
  );

  app.post(
    '/admin/scheme-points/upload',
    {
      config: { access: action('scheme-points.update') },
      schema: {
        tags,
        summary:
          'Change many SKUs’ points from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: pointsUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'scheme-points.xlsx');
      return uploads.uploadPointsChanges(app, actorOf(request), {
        content,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );

  errorReportRoute(app, {
    path: '/admin/scheme-points/upload/errors',
    access,
    purpose: 'points_upload_errors',
    tags,
  });
};
