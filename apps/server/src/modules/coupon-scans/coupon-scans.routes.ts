import { couponScanEndpoints } from '@app/contract/coupon-scans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listRoutes } from '../../lib/lists/routes';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './coupon-scans.service';

export const couponScansRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, couponScanEndpoints.scan, async (request, reply) => {
    const me = memberOf(request);
    const result = await service.scan(app, me, request.body, idempotencyOf(request, `member:${me.id}`));
    return sendIdempotent(reply, result);
  });

  listRoutes(app, { endpoints: couponScanEndpoints, list: service.scanList, fileName: 'qr-scan-history' });
};
