import {
  DAMAGED_PAGE,
  damagedApproveBody,
  damagedCreateBody,
  damagedRejectBody,
  damagedRow,
  damagedUploadQuery,
} from '@app/contract/damaged-coupons';
import { listQuery, listResult } from '@app/contract/list';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { checkUpload, SPREADSHEET } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import * as service from './damaged-coupons.service';

const params = z.object({ id: z.coerce.number().int().positive() });
const access = page(DAMAGED_PAGE);
const tags = ['coupons'];
const MAX_BYTES = 5 * 1024 * 1024;

export const damagedCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_BYTES + 1, files: 1 } });

  app.get(
    '/admin/damaged-coupons',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Damaged coupon reports',
        querystring: listQuery,
        response: { 200: listResult(damagedRow) },
      },
    },
    async (request) => service.listReports(app, request.query),
  );
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
  app.post(
    '/admin/damaged-coupons/upload',
    {
      config: { access: action('damaged-coupons.report') },
      schema: {
        tags,
        summary: 'Report a list of coupons from a sheet with a Code or Serial column',
        querystring: damagedUploadQuery,
        response: { 200: damagedRow },
      },
    },
    async (request) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw badRequest('file: choose a spreadsheet', { file: 'Choose a spreadsheet' });
      const content = await part.toBuffer().catch(() => {
        throw badRequest('file: the file is larger than 5 MB', { file: 'The file is larger than 5 MB' });
      });
      await checkUpload('file', content, SPREADSHEET, MAX_BYTES);
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
  app.get(
    '/admin/damaged-coupons/:id/photo',
    { config: { access }, schema: { tags, summary: 'The report’s photo', params } },
    async (request, reply) => {
      const { file, stream } = await service.reportPhoto(app, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
