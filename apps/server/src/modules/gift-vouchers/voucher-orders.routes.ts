import { voucherOrderEndpoints as endpoints } from '@app/contract/voucher-orders';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { route } from '../../plugins/endpoint-routes';
import { providerStatus, retryOrder } from './voucher-orders';

/** Gift Vouchers → Provider: the provider's balance and failed orders, and their retry. */
export const voucherOrderRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.status, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return providerStatus(app);
  });
  route(app, endpoints.retry, async (request) => retryOrder(app, actorOf(request), request.params.id));
};
