import { damagedCouponsEndpoints } from '@app/contract/damaged-coupons';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { bulkDecisionRoutes } from '../../lib/decision-routes';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import * as service from './damaged-coupons.service';
import { damagedTemplate } from './damaged-sheet';

const e = damagedCouponsEndpoints;

/** Damaged Coupons (contract damagedCouponsEndpoints). */
export const damagedCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  listRoutes(app, { endpoints: e, list: service.damagedList, fileName: 'damaged-coupons' });
  route(app, e.one, async (request) => service.loadReport(app.database.db, request.params.id));
  route(app, e.create, async (request) => service.reportDamaged(app, actorOf(request), request.body));
  route(app, e.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'damaged-coupons-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await damagedTemplate()),
  );
  errorReportRoute(app, { endpoint: e.uploadErrors, purpose: 'damaged_upload_errors' });
  route(app, e.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'damaged.xlsx');
    const q = request.query;
    return service.reportFromSheet(app, actorOf(request), content, {
      mode: 'upload',
      reason: q.reason,
      note: q.note,
      photoFileId: q.photoFileId ?? null,
      applyValid: q.applyValid === 'true',
    });
  });
  route(app, e.approve, async (request) =>
    service.approveReport(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.reject, async (request) =>
    service.rejectReport(app, actorOf(request), request.params.id, request.body.note),
  );
  for (const [declaration, variant] of [
    [e.photo, 'file'],
    [e.photoThumbnail, 'thumbnail'],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const { file, stream } = await service.reportPhoto(app, request.params.id, variant);
      return downloadHeaders(reply, {
        name: file.name,
        contentType: file.contentType,
        personal: true,
      }).send(stream);
    });

  bulkDecisionRoutes(app, {
    endpoints: e.bulk,
    flow: service.damagedDecisions,
    tags: [...e.bulk.approve.tags],
    noun: 'damage reports (not by their reporter)',
    input: { of: (body) => ({ replace: body.replace === true }) },
  });
};
