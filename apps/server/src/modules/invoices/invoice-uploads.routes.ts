import { invoiceUploadsEndpoints } from '@app/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as uploads from './invoice-uploads.service';

const e = invoiceUploadsEndpoints;

/** Upload Invoice History (contract invoiceUploadsEndpoints): each upload with its counts, error report and original file. */
export const invoiceUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: uploads.uploadList, fileName: 'invoice-uploads' });
  for (const which of ['errors', 'original'] as const)
    route(app, e[which], async (request, reply) => {
      const { file, stream } = await uploads.uploadFile(app, request.params.id, which);
      return downloadHeaders(reply, {
        name: file.name,
        contentType: file.contentType,
        personal: true,
      }).send(stream);
    });
};
