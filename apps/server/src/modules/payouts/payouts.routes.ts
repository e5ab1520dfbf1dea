import { BANK_RESPONSE_MAX_BYTES, payoutEndpoints as endpoints } from '@app/contract/payouts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { route } from '../../plugins/endpoint-routes';
import { reconcileBankResponse, takeBankFile } from './bank-file.service';
import { cancelBatch, createBatch, releaseBatch } from './payout-batches.service';
import { batchDetail, listBatches, waitingByPayout } from './payout-lines.repository';
import { receiveRazorpayxWebhook } from './payout-webhook';

/** Approvals → Redemption → Payouts, and the payout provider's webhook. */
export const payoutsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, endpoints.list, async () => listBatches(db));
  // The payout API first: when configured it is the one offered first (it pays UPI ids too).
  route(app, endpoints.rails, async () => ({
    configured: app.config.payouts.razorpayx
      ? ['api' as const, 'bank_file' as const]
      : ['bank_file' as const],
    waiting: await waitingByPayout(db),
  }));
  route(app, endpoints.get, async (request) => {
    const batch = await batchDetail(db, request.params.id);
    if (!batch) throw notFound('Payout batch');
    return batch;
  });
  route(app, endpoints.create, async (request) => createBatch(app, actorOf(request), request.body));
  route(app, endpoints.release, async (request) => releaseBatch(app, actorOf(request), request.params.id));
  route(app, endpoints.cancel, async (request) => cancelBatch(app, actorOf(request), request.params.id));

  route(app, endpoints.bankFile, async (request, reply) => {
    const file = await takeBankFile(app, actorOf(request), request.params.id);
    return downloadHeaders(reply, { name: file.name, contentType: 'text/plain', personal: true })
      .header('x-file-copy', String(file.copy))
      .send(file.content);
  });
  // The reverse file is sent as it came from the bank: plain text.
  await app.register(async (scope) => {
    for (const type of ['text/csv', 'text/plain'])
      scope.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: BANK_RESPONSE_MAX_BYTES },
        (_r, body, done) => done(null, body),
      );
    // The web sends the file's text as a JSON string (its escapes make it larger than the file).
    route(
      scope,
      endpoints.bankResponse,
      async (request) => reconcileBankResponse(app, actorOf(request), request.params.id, request.body),
      { bodyLimit: 2 * BANK_RESPONSE_MAX_BYTES },
    );
  });

  // The signature covers the bytes as sent: this scope reads JSON as a raw buffer.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    route(scope, endpoints.razorpayxWebhook, async (request) =>
      receiveRazorpayxWebhook(
        app,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers,
      ),
    );
  });
};
