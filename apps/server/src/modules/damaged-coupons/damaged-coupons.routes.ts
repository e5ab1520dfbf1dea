import {
  DAMAGED_PAGE,
  damagedApproveBody,
  damagedCreateBody,
  damagedRejectBody,
  damagedRow,
  damagedUploadQuery,
  damagedUploadResult,
} from '@app/contract/damaged-coupons';
import { idParams } from '@app/contract/input';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { bulkDecisionRoutes } from '../../lib/decision-routes';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import * as service from './damaged-coupons.service';
import { damagedTemplate } from './damaged-sheet';

const params = idParams;
const access = page(DAMAGED_PAGE);
const tags = ['coupons'];

export const damagedCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  listRoutes(app, {
    path: '/admin/damaged-coupons',
    access: access,
    list: service.damagedList,
    row: damagedRow,
    fileName: 'damaged-coupons',
    tags: tags,
    summary: 'Damaged coupon reports',
  });

  app.get(
    '/admin/damaged-coupons/:id',
    { config: { access }, schema: { tags, summary: 'One report', params, response: { 200: damagedRow } } },
    async (request) => service.loadReport(app.database.db, request.params.id),
  );
  app.post(
    '/admin/damaged-coupons',
    {
      config: { access: action('damaged-coupons.report') },
      schema: {
        tags,
        summary: 'Report a damaged coupon or serial range (photo: an id from POST /files)',
        body: damagedCreateBody,
        response: { 200: damagedRow },
      },
    },
    async (request) => service.reportDamaged(app, actorOf(request), request.body),
  );
  app.get(
    '/admin/damaged-coupons/template',
    { config: { access }, schema: { tags, summary: 'The list upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'damaged-coupons-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await damagedTemplate()),
  );
  errorReportRoute(app, {
    path: '/admin/damaged-coupons/upload/errors',
    access,
    purpose: 'damaged_upload_errors',
    tags,
  });
  app.post(
    '/admin/damaged-coupons/upload',
    {
      config: { access: action('damaged-coupons.report') },
      schema: {
        tags,
        summary:
          'Report a list of coupons from a sheet with a Code or Serial column (rows checked one by one)',
        querystring: damagedUploadQuery,
        response: { 200: damagedUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'damaged.xlsx');
      const q = request.query;
      return service.reportFromSheet(app, actorOf(request), content, {
        mode: 'upload',
        reason: q.reason,
        note: q.note,
        photoFileId: q.photoFileId ?? null,
        applyValid: q.applyValid === 'true',
      });
    },
  );
  app.post(
    '/admin/damaged-coupons/:id/approve',
    {
      config: { access: action('damaged-coupons.decide') },
      schema: {
        tags,
        summary: 'Approve (void the coupons; optionally issue replacements). Not by the reporter.',
        params,
        body: damagedApproveBody,
        response: { 200: damagedRow },
      },
    },
    async (request) => service.approveReport(app, actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/damaged-coupons/:id/reject',
    {
      config: { access: action('damaged-coupons.decide') },
      schema: {
        tags,
        summary: 'Reject a report. Not by the reporter.',
        params,
        body: damagedRejectBody,
        response: { 200: damagedRow },
      },
    },
    async (request) => service.rejectReport(app, actorOf(request), request.params.id, request.body.note),
  );
  for (const variant of ['file', 'thumbnail'] as const)
    app.get(
      `/admin/damaged-coupons/:id/photo${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `The report’s photo${variant === 'thumbnail' ? ' (thumbnail)' : ''}`,
          params,
        },
      },
      async (request, reply) => {
        const { file, stream } = await service.reportPhoto(app, request.params.id, variant);
        return downloadHeaders(reply, {
          name: file.name,
          contentType: file.contentType,
          personal: true,
        }).send(stream);
      },
    );

  bulkDecisionRoutes(app, {
    path: '/admin/damaged-coupons',
    action: 'damaged-coupons.decide',
    flow: service.damagedDecisions,
    tags,
    noun: 'damage reports (not by their reporter)',
    input: {
      fields: { replace: z.boolean().default(false) },
      of: (body) => ({ replace: body.replace === true }),
    },
  });
};
