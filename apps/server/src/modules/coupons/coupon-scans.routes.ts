import { SCAN_HISTORY_PAGE, scanAnswer, scanBody, scanRow } from '@app/contract/coupon-scans';
import { listQuery, listResult } from '@app/contract/list';
import { idempotencyHeaders } from '@app/contract/member-app';
import type { ReportColumn } from '@app/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { sendListExport } from '../../lib/list-export';
import { memberOf, page } from '../../plugins/access';
import * as service from './coupon-scans.service';

export const SCAN_EXPORT_COLUMNS: readonly ReportColumn[] = [
  { header: 'Time (UTC)', key: 'createdAt', width: 24 },
  { header: 'Member code', key: 'memberCode', width: 12 },
  { header: 'Member', key: 'memberName', width: 24 },
  { header: 'Code', key: 'code', width: 14 },
  { header: 'Serial', key: 'couponSerial', width: 12 },
  { header: 'SKU', key: 'sku', width: 14 },
  { header: 'Distributor', key: 'distributorName', width: 24 },
  { header: 'Result', key: 'result', width: 16 },
  { header: 'Points', key: 'points', width: 8 },
  { header: 'Flags', key: 'flags', width: 30 },
  { header: 'State', key: 'state', width: 16 },
];

export const couponScansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/scan',
    {
      config: { access: 'member' },
      schema: {
        tags: ['member app'],
        summary: 'Scan a coupon: credits its points once; every attempt is recorded with its result',
        headers: idempotencyHeaders,
        body: scanBody,
        response: { 200: scanAnswer },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const result = await service.scan(app, me, request.body, idempotencyOf(request, `member:${me.id}`));
      return sendIdempotent(reply, result);
    },
  );

  const access = page(SCAN_HISTORY_PAGE);
  app.get(
    '/admin/coupon-scans',
    {
      config: { access },
      schema: {
        tags: ['coupons'],
        summary: 'QR scan history',
        querystring: listQuery,
        response: { 200: listResult(scanRow) },
      },
    },
    async (request) => service.listScans(app, request.query),
  );
  app.get(
    '/admin/coupon-scans/export',
    {
      config: { access },
      schema: { tags: ['coupons'], summary: 'The current filter as xlsx', querystring: listQuery },
    },
    async (request, reply) =>
      sendListExport(reply, 'qr-scan-history', SCAN_EXPORT_COLUMNS, request.query, async (q) => {
        const page = await service.listScans(app, q);
        return { ...page, rows: page.rows.map((r) => ({ ...r, flags: r.flags.join(', ') })) };
      }),
  );
};
