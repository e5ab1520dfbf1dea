import { BULK_VOUCHERS_PAGE, voucherUploadResult, voucherUploadRow } from '@app/contract/gift-vouchers';
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
import { uploadList } from './gift-vouchers.repository';
import { templateExample, voucherTemplate } from './gift-vouchers-sheet';
import * as uploads from './gift-vouchers-upload.service';

const access = page(BULK_VOUCHERS_PAGE);
const tags = ['gift vouchers'];

/** Update Bulk Coupon: the voucher template, the upload, its error report and the upload history. */
export const giftVoucherUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  app.get(
    '/admin/gift-vouchers/template',
    { config: { access }, schema: { tags, summary: 'The voucher upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'gift-vouchers-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await voucherTemplate(await templateExample(app.database.db))),
  );

  app.post(
    '/admin/gift-vouchers/upload',
    {
      config: { access: action('gift-vouchers.upload') },
      schema: {
        tags,
        summary:
          'Add vouchers from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: voucherUploadResult },
      },
    },
    async (request) => {
      const { content, name } = await receiveSpreadsheet(request, 'gift-vouchers.xlsx');
      return uploads.uploadVouchers(app, actorOf(request), {
        content,
        fileName: name,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );

  errorReportRoute(app, {
    path: '/admin/gift-vouchers/upload/errors',
    access,
    purpose: 'voucher_upload_errors',
    tags,
  });

  listRoutes(app, {
    path: '/admin/gift-voucher-uploads',
    access,
    list: uploadList,
    row: voucherUploadRow,
    fileName: 'gift-voucher-uploads',
    tags,
    summary: 'Voucher uploads, newest first',
  });
};
