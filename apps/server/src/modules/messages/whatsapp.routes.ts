import { messagesEndpoints as E } from '@app/contract/messages';
import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { route } from '../../plugins/endpoint-routes';
import { applyReceipt, sameSecret } from './receipts';
import { validMetaSignature, whatsappOutcome, whatsappStatusesOf } from './whatsapp';

/**
 * WhatsApp's webhook (Meta): the subscription handshake and the delivery statuses. The statuses are
 * signed over the raw body (X-Hub-Signature-256, the app secret), so this plugin reads JSON as bytes
 * and parses it only after the signature holds; unsigned or wrongly signed is 401 and changes nothing.
 */
export const whatsappRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) => next(null, body));

  route(app, E.whatsappVerify, async (request, reply) => {
    const q = request.query;
    const expected = app.config.messaging.whatsappVerifyToken;
    if (q['hub.mode'] !== 'subscribe' || !expected || !sameSecret(q['hub.verify_token'], expected))
      throw unauthorized('The verify token does not match WHATSAPP_VERIFY_TOKEN');
    return reply.type('text/plain').send(q['hub.challenge'] ?? '');
  });

  route(app, E.whatsappStatuses, async (request) => {
    const secret = app.config.messaging.whatsappAppSecret;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    if (!secret || !validMetaSignature(secret, raw, typeof signature === 'string' ? signature : undefined))
      throw unauthorized('The webhook is not signed with the WhatsApp app secret');
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      return { updated: 0 };
    }
    let updated = 0;
    for (const status of whatsappStatusesOf(payload)) {
      const outcome = whatsappOutcome(status.status);
      if (!outcome) continue;
      if (
        await applyReceipt(app.database, {
          provider: 'whatsapp',
          providerMessageId: status.id,
          outcome,
          error: status.error,
        })
      )
        updated++;
    }
    return { updated };
  });
};
