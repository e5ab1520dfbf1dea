import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors';
import { applyReceipt, msg91Outcome, sameSecret, twilioOutcome, validTwilioSignature } from './receipts';

const tags = ['messages'];
const done = z.object({ updated: z.number().int() });

/**
 * Delivery receipts of the SMS providers. Public (the providers call them) and verified instead:
 * Twilio's signature with the auth token, MSG91's shared secret. Anything unverified is 401 and
 * changes nothing.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Twilio posts a form; its signature covers the parameters exactly as sent, so they are read here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, next) =>
    next(null, body),
  );

  app.post(
    '/messages/receipts/twilio',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Twilio's message status callback (signed with X-Twilio-Signature)",
        response: { 200: done },
      },
    },
    async (request) => {
      const token = app.config.messaging.twilioAuthToken;
      const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const configured = app.config.messaging.twilioStatusCallbackUrl;
      // The URL Twilio called, as it signed it: the configured public one (proxies change what we see).
      const base = configured
        ? `${new URL(configured).origin}${new URL(configured).pathname}`
        : `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
      const signature = request.headers['x-twilio-signature'];
      if (
        !token ||
        !validTwilioSignature(
          token,
          base + query,
          params,
          typeof signature === 'string' ? signature : undefined,
        )
      )
        throw unauthorized('The callback is not signed by Twilio');
      const sid = params.get('MessageSid') ?? params.get('SmsSid');
      const outcome = twilioOutcome(params.get('MessageStatus') ?? params.get('SmsStatus'));
      if (!sid || !outcome) return { updated: 0 };
      const rowId = Number(new URLSearchParams(query).get('message'));
      const errorCode = params.get('ErrorCode');
      const updated = await applyReceipt(app.database, {
        provider: 'twilio',
        providerMessageId: sid,
        rowId: Number.isSafeInteger(rowId) && rowId > 0 ? rowId : null,
        outcome,
        error: errorCode ? `twilio error ${errorCode}` : null,
      });
      return { updated: updated ? 1 : 0 };
    },
  );

  app.post(
    '/messages/receipts/msg91',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "MSG91's delivery report webhook (shared secret: ?secret= or X-Webhook-Secret)",
        response: { 200: done },
      },
    },
    async (request) => {
      const secret = app.config.messaging.msg91WebhookSecret;
      const given =
        (request.query as Record<string, unknown> | undefined)?.secret ?? request.headers['x-webhook-secret'];
      if (!secret || !sameSecret(typeof given === 'string' ? given : null, secret))
        throw unauthorized('The delivery report does not carry the MSG91 webhook secret');
      const reports = msg91Reports(request.body);
      let updated = 0;
      for (const r of reports) {
        const requestId = r.requestId;
        if (typeof requestId !== 'string') continue;
        for (const line of Array.isArray(r.report) ? r.report : []) {
          const outcome = msg91Outcome(line.status);
          if (!outcome) continue;
          const changed = await applyReceipt(app.database, {
            provider: 'msg91',
            providerMessageId: requestId,
            outcome,
            error: outcome === 'failed' ? `msg91: ${String(line.desc ?? line.status).slice(0, 200)}` : null,
          });
          if (changed) updated++;
        }
      }
      return { updated };
    },
  );
};

type Msg91Report = { requestId?: unknown; report?: { status?: string | number; desc?: unknown }[] };

/** MSG91 posts `data=<JSON array>` as a form, or the JSON itself. */
function msg91Reports(body: unknown): Msg91Report[] {
  let value: unknown = body;
  if (typeof value === 'string') value = new URLSearchParams(value).get('data') ?? value;
  if (typeof value === 'object' && value && 'data' in value) value = (value as { data: unknown }).data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value as Msg91Report[];
  return value && typeof value === 'object' ? [value as Msg91Report] : [];
}
