import { invoicesEndpoints } from '@app/contract/invoices';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { invoiceTemplate } from './invoice-sheet';
import * as uploads from './invoice-uploads.service';
import * as service from './invoices.service';

const e = invoicesEndpoints;

/** The Invoice page (contract invoicesEndpoints): invoices by form and spreadsheet uploads (its distributors: modules/distributors). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  listRoutes(app, { endpoints: e, list: service.invoiceList, fileName: 'invoices' });
  route(app, e.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'invoice-upload-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await invoiceTemplate()),
  );
  route(app, e.one, async (request) => service.getInvoice(app.database.db, request.params.id));
  route(app, e.create, async (request) => service.createInvoice(app, actorOf(request), request.body));
  route(app, e.upload, async (request) => {
    const file = await receiveSpreadsheet(request, 'invoices.xlsx');
    return uploads.uploadInvoices(app, actorOf(request), {
      ...file,
      applyValid: request.query.applyValid === 'true',
    });
  });
  route(app, e.applyValid, async (request) =>
    uploads.applyValidRows(app, actorOf(request), request.params.id),
  );
  route(app, e.uploadErrors, async (request, reply) => {
    const { file, stream } = await uploads.uploadFile(app, request.params.id, 'errors');
    return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: true }).send(
      stream,
    );
  });
};
