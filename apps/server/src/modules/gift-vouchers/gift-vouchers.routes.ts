import { giftVouchersEndpoints } from '@app/contract/gift-vouchers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './gift-vouchers.service';

const e = giftVouchersEndpoints;

/** Gift Vouchers (stock, summary, add one, reveal a PIN), Used Coupon, and bulk void/expire. */
export const giftVouchersRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: service.voucherList, fileName: 'gift-vouchers' });
  // Update Bulk Coupon chooses what to void or expire from the same list, under its own page.
  listRoutes(app, { endpoints: e.bulk, list: service.voucherList, fileName: 'gift-vouchers' });
  listRoutes(app, { endpoints: e.used, list: service.usedVoucherList, fileName: 'used-vouchers' });
  route(app, e.summary, async () => service.stockSummary(app));
  route(app, e.brands, async () => service.brands(app));
  route(app, e.one, async (request) => service.getVoucher(app, request.params.id));
  route(app, e.add, async (request) => service.addVoucher(app, actorOf(request), request.body));
  route(app, e.reveal, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.revealPin(app, actorOf(request), request.params.id);
  });
  route(app, e.retire, async (request) => service.retireVouchers(app, actorOf(request), request.body));
};
