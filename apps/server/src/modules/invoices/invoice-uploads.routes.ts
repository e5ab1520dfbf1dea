import { idParams } from '@app/contract/input';
import { INVOICE_UPLOAD_HISTORY_PAGE, invoiceUploadRow } from '@app/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { page } from '../../plugins/access';
import * as uploads from './invoice-uploads.service';

const params = idParams;
const access = page(INVOICE_UPLOAD_HISTORY_PAGE);
const tags = ['invoices'];

/** Upload Invoice History: each upload with its counts, error report and original file. */
export const invoiceUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/invoice-uploads',
    access,
    list: uploads.uploadList,
    row: invoiceUploadRow,
    fileName: 'invoice-uploads',
    tags,
    summary: 'Invoice uploads',
  });

  for (const which of ['errors', 'original'] as const) {
    app.get(
      `/admin/invoice-uploads/:id/${which}`,
      {
        config: { access },
        schema: {
          tags,
          summary: which === 'errors' ? 'The error report (xlsx)' : 'The uploaded file',
          params,
        },
      },
      async (request, reply) => {
        const { file, stream } = await uploads.uploadFile(app, request.params.id, which);
        return downloadHeaders(reply, {
          name: file.name,
          contentType: file.contentType,
          personal: true,
        }).send(stream);
      },
    );
  }
};
