import type { Readable } from 'node:stream';
import { reportQueued, reportsEndpoints, XLSX_CONTENT_TYPE } from '@app/contract/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders, sendStoredFile } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './reports.service';

/** The docs' 200 of a report download. */
const xlsxResponse = {
  description: 'The report as an xlsx attachment named `<reportType>.xlsx`',
  content: { [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
};

/** Sends a spreadsheet made on the spot as an attachment. */
function sendXlsx(reply: FastifyReply, name: string, content: Readable) {
  return downloadHeaders(reply, { name, contentType: XLSX_CONTENT_TYPE, personal: true }).send(content);
}

/**
 * Every report endpoint serves the Download Report page; on top of that each report type needs the
 * page it belongs to (contract/reports.ts), checked by the service. Declared in contract reportsEndpoints.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = reportsEndpoints;
  route(app, e.types, async (request) => service.typesFor(staffOf(request)));

  route(
    app,
    e.download,
    async (request, reply) => {
      const me = staffOf(request);
      if (request.body.background) {
        return reply.status(202).send(await service.queue(app, me, actorOf(request), request.body));
      }
      const stream = await service.download(app, me, actorOf(request), request.body);
      return sendXlsx(reply, `${request.body.reportType}.xlsx`, stream);
    },
    { responses: { 200: xlsxResponse, 202: reportQueued } },
  );

  listRoutes(app, {
    endpoints: e.generated,
    list: service.generatedList,
    fileName: 'generated-reports',
    scope: (request) => service.generatedScope(staffOf(request)),
  });

  route(
    app,
    e.file,
    async (request, reply) => {
      const { name, file } = await service.openGenerated(app, staffOf(request), request.params.id);
      return sendStoredFile(app, reply, file, { name, contentType: XLSX_CONTENT_TYPE, personal: true });
    },
    { responses: { 200: xlsxResponse } },
  );
};
