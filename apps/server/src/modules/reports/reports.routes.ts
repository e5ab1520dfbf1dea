import type { Readable } from 'node:stream';
import { idParams } from '@app/contract/input';
import {
  downloadReportBody,
  generatedReport,
  REPORT_PAGE,
  reportQueued,
  reportTypeOption,
  XLSX_CONTENT_TYPE,
} from '@app/contract/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { page, staffOf } from '../../plugins/access';
import * as service from './reports.service';

const xlsxResponse = {
  description: 'The report as an xlsx attachment named `<reportType>.xlsx`',
  content: { [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * Sends a spreadsheet as an attachment. Typed as a plain reply: the typed one only accepts what the
 * 200 schema describes (a binary string for the docs), not the stream that carries it.
 */
function sendXlsx(reply: FastifyReply, name: string, content: Readable, size?: number) {
  if (size !== undefined) reply.header('content-length', size);
  return downloadHeaders(reply, { name, contentType: XLSX_CONTENT_TYPE, personal: true }).send(content);
}

/**
 * Every report endpoint serves the Download Report page; on top of that each report type needs the
 * page it belongs to (contract/reports.ts), checked by the service.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = page(REPORT_PAGE);

  app.get(
    '/admin/reports/types',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        summary: 'The report types my role may run',
        response: { 200: z.array(reportTypeOption) },
      },
    },
    async (request) => service.typesFor(staffOf(request)),
  );

  app.post(
    '/admin/downloadReports',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        summary: 'Run a report: the xlsx streamed (200), or with `background: true` queued (202)',
        description:
          'Dates are calendar days in Asia/Kolkata, both inclusive. `background: true` creates a report in ' +
          '"Generated reports" (GET /admin/reports) and answers 202 without a file.',
        body: downloadReportBody,
        response: { 200: xlsxResponse, 202: reportQueued },
      },
    },
    async (request, reply) => {
      const me = staffOf(request);
      if (request.body.background) {
        return reply.status(202).send(await service.queue(app, me, actorOf(request), request.body));
      }
      const stream = await service.download(app, me, actorOf(request), request.body);
      return sendXlsx(reply, `${request.body.reportType}.xlsx`, stream);
    },
  );

  listRoutes(app, {
    path: '/admin/reports',
    access,
    list: service.generatedList,
    row: generatedReport,
    fileName: 'generated-reports',
    tags: ['reports'],
    summary: 'Generated reports: my own, or everyone’s for holders of User Roles; expired ones left out',
    scope: (request) => service.generatedScope(staffOf(request)),
  });

  app.get(
    '/admin/reports/:id/file',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        summary: 'Download a generated report',
        params: idParams,
        response: { 200: xlsxResponse },
      },
    },
    async (request, reply) => {
      const { name, file, content } = await service.openGenerated(app, staffOf(request), request.params.id);
      return sendXlsx(reply, name, content, file.size);
    },
  );
};
