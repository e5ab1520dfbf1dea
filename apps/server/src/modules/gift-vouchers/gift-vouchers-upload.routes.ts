import { giftVouchersEndpoints } from '@app/contract/gift-vouchers';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { uploadList } from './gift-vouchers.repository';
import { templateExample, voucherTemplate } from './gift-vouchers-sheet';
import * as uploads from './gift-vouchers-upload.service';

const e = giftVouchersEndpoints;

/** Update Bulk Coupon: the voucher template, the upload, its error report and the upload history. */
export const giftVoucherUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  route(app, e.upload.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'gift-vouchers-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await voucherTemplate(await templateExample(app.database.db))),
  );
  route(app, e.upload.upload, async (request) => {
    const { content, name } = await receiveSpreadsheet(request, 'gift-vouchers.xlsx');
    return uploads.uploadVouchers(app, actorOf(request), {
      content,
      fileName: name,
      applyValid: request.query.applyValid === 'true',
    });
  });
  errorReportRoute(app, { endpoint: e.upload.errors, purpose: 'voucher_upload_errors' });
  listRoutes(app, { endpoints: e.uploads, list: uploadList, fileName: 'gift-voucher-uploads' });
};
