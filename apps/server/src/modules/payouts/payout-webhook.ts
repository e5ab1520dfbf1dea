import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payoutLines, payoutWebhookEvents } from '../../db/schema/payouts';
import { unauthorized } from '../../lib/errors';
import { applyOutcome } from './payout-outcomes';
import { outcomeOf } from './payout-sender';
import { type PayoutEntity, validSignature } from './razorpayx';

interface WebhookBody {
  event?: unknown;
  created_at?: unknown;
  payload?: { payout?: { entity?: Partial<PayoutEntity> } };
}

/**
 * A RazorpayX `payout.*` event. Unsigned or forged (the HMAC of the raw body under the webhook secret
 * does not match): 401, nothing read. Each event id is applied once (`X-Razorpay-Event-Id`, kept);
 * a replay under another id still changes nothing, as a final line moves only processed → reversed.
 */
export async function receiveRazorpayxWebhook(
  app: FastifyInstance,
  raw: Buffer,
  headers: Record<string, unknown>,
): Promise<{ applied: boolean }> {
  const x = app.config.payouts.razorpayx;
  if (!x || !validSignature(x.webhookSecret, raw, headers['x-razorpay-signature']))
    throw unauthorized('The webhook is not signed by RazorpayX');
  let body: WebhookBody;
  try {
    body = JSON.parse(raw.toString('utf8')) as WebhookBody;
  } catch {
    return { applied: false };
  }
  const payout = body.payload?.payout?.entity;
  const event = typeof body.event === 'string' ? body.event : '';
  if (!event.startsWith('payout.') || typeof payout?.id !== 'string' || typeof payout.status !== 'string')
    return { applied: false };
  const given = headers['x-razorpay-event-id'];
  const eventId =
    typeof given === 'string' && given !== '' ? given : `${payout.id}:${event}:${String(body.created_at)}`;
  const entity = payout as PayoutEntity;
  return app.database.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(payoutWebhookEvents)
      .values({ eventId, payoutId: entity.id, event })
      .onConflictDoNothing()
      .returning({ eventId: payoutWebhookEvents.eventId });
    if (fresh.length === 0) return { applied: false };
    const [line] = await tx
      .select({ id: payoutLines.id })
      .from(payoutLines)
      .where(
        or(
          eq(payoutLines.providerPayoutId, entity.id),
          typeof entity.reference_id === 'string'
            ? eq(payoutLines.idempotencyKey, entity.reference_id)
            : undefined,
        ),
      );
    if (!line) return { applied: false };
    return { applied: await applyOutcome(tx, line.id, outcomeOf(entity)) };
  });
}
