import { SCAN_HISTORY_PAGE, scanAnswer, scanBody, scanRow } from '@app/contract/coupon-scans';
import { idempotencyHeaders } from '@app/contract/member-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listRoutes } from '../../lib/lists/routes';
import { memberOf, memberWrite, page } from '../../plugins/access';
import * as service from './coupon-scans.service';

export const couponScansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/scan',
    {
      config: memberWrite('scan'),
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

  const _access = page(SCAN_HISTORY_PAGE);
  listRoutes(app, {
    path: '/admin/coupon-scans',
    access: page(SCAN_HISTORY_PAGE),
    list: service.scanList,
    row: scanRow,
    fileName: 'qr-scan-history',
    tags: ['coupons'],
    summary: 'QR scan history',
  });
};
