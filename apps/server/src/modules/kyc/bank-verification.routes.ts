import { bankVerificationEndpoints as endpoints } from '@app/contract/bank-verification';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { route } from '../../plugins/endpoint-routes';
import { bankCheckOf, upiCheckOf, verifyBank, verifyUpi } from './bank-verification';

/** KYC Verification: the bank account checked with the bank, its name matched to the member's. */
export const bankVerificationRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return bankCheckOf(app, request.params.id);
  });
  route(app, endpoints.verify, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return verifyBank(app, actorOf(request), request.params.id);
  });
  route(app, endpoints.getUpi, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return upiCheckOf(app, request.params.id);
  });
  route(app, endpoints.verifyUpi, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return verifyUpi(app, actorOf(request), request.params.id);
  });
};
