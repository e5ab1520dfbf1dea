import { idParams } from '@app/contract/input';
import {
  INVOICE_PAGE,
  invoiceCreateBody,
  invoiceDetail,
  invoiceRow,
  invoiceUploadRow,
} from '@app/contract/invoices';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import { invoiceTemplate } from './invoice-sheet';
import * as uploads from './invoice-uploads.service';
import * as service from './invoices.service';

const params = idParams;
const access = page(INVOICE_PAGE);
const tags = ['invoices'];

/** The Invoice page: invoices by form and spreadsheet uploads (its distributors: modules/distributors). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  listRoutes(app, {
    path: '/admin/invoices',
    access,
    list: service.invoiceList,
    row: invoiceRow,
    fileName: 'invoices',
    tags,
    summary: 'Invoices',
  });
  app.get(
    '/admin/invoices/template',
    { config: { access }, schema: { tags, summary: 'The upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'invoice-upload-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await invoiceTemplate()),
  );
  app.get(
    '/admin/invoices/:id',
    {
      config: { access },
      schema: { tags, summary: 'An invoice with its lines', params, response: { 200: invoiceDetail } },
    },
    async (request) => service.getInvoice(app.database.db, request.params.id),
  );
  app.post(
    '/admin/invoices',
    {
      config: { access: action('invoices.create') },
      schema: {
        tags,
        summary: 'Create an invoice',
        body: invoiceCreateBody,
        response: { 200: invoiceDetail },
      },
    },
    async (request) => service.createInvoice(app, actorOf(request), request.body),
  );

  app.post(
    '/admin/invoices/upload',
    {
      config: { access: action('invoices.create') },
      schema: {
        tags,
        summary:
          'Upload invoices (xlsx, multipart field "file"); applyValid=true applies the good rows of a file with errors',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: invoiceUploadRow },
      },
    },
    async (request) => {
      const file = await receiveSpreadsheet(request, 'invoices.xlsx');
      return uploads.uploadInvoices(app, actorOf(request), {
        ...file,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );
  app.post(
    '/admin/invoices/upload/:id/apply-valid',
    {
      config: { access: action('invoices.create') },
      schema: {
        tags,
        summary: 'Apply the valid rows of an upload that had errors',
        params,
        response: { 200: invoiceUploadRow },
      },
    },
    async (request) => uploads.applyValidRows(app, actorOf(request), request.params.id),
  );
  app.get(
    '/admin/invoices/upload/:id/errors',
    { config: { access }, schema: { tags, summary: 'Error report of an upload (xlsx)', params } },
    async (request, reply) => {
      const { file, stream } = await uploads.uploadFile(app, request.params.id, 'errors');
      return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: true }).send(
        stream,
      );
    },
  );
};
