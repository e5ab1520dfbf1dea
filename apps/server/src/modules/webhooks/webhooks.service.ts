import { WEBHOOK_ENTITY, type WebhookSubscriptionBody, type webhookRotateBody } from '@app/contract/webhooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { webhookSubscriptions } from '../../db/schema/webhooks';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { encryptText } from '../../lib/field-crypto';
import { checkWebhookUrl } from './address-check';
import { newWebhookSecret } from './signing';
import { findDelivery, findSubscription, lockSubscription } from './webhooks.repository';

/** The URL checked before any transaction (it resolves the host: slow work stays outside). */
async function checkedUrl(app: FastifyInstance, url: string): Promise<string> {
  const problem = await checkWebhookUrl(url, app.config.webhooks);
  if (problem) throw fieldError('url', problem);
  return url;
}

/** A new subscription, owned by its maker; its secret is answered now and never again. */
export async function createSubscription(app: FastifyInstance, actor: Actor, body: WebhookSubscriptionBody) {
  const url = await checkedUrl(app, body.url);
  const secret = newWebhookSecret();
  const sealed = encryptText(app.config, secret);
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        url,
        description: body.description,
        eventTypes: body.eventTypes,
        secret: sealed,
        active: body.active,
        ownerId: actor.id,
      })
      .returning({ id: webhookSubscriptions.id });
    const id = row!.id;
    await audit(tx, actor, {
      action: 'webhook_subscription.created',
      entity: WEBHOOK_ENTITY,
      entityId: id,
      after: { url, description: body.description, eventTypes: body.eventTypes, active: body.active },
    });
    return { ...(await findSubscription(tx, id))!, secret };
  });
}

/** Changes a subscription; switching it on again clears its failures (its queued deliveries go). */
export async function updateSubscription(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: WebhookSubscriptionBody,
) {
  const url = await checkedUrl(app, body.url);
  const saved = await app.database.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, id);
    if (!before) throw notFound('Webhook subscription');
    const switchedOn = body.active && !before.active;
    await tx
      .update(webhookSubscriptions)
      .set({
        url,
        description: body.description,
        eventTypes: body.eventTypes,
        active: body.active,
        updatedAt: sql`now()`,
        ...(switchedOn ? { failingSince: null, disabledAt: null, disabledReason: null } : {}),
      })
      .where(eq(webhookSubscriptions.id, id));
    await audit(tx, actor, {
      action: 'webhook_subscription.updated',
      entity: WEBHOOK_ENTITY,
      entityId: id,
      before: {
        url: before.url,
        description: before.description,
        eventTypes: before.eventTypes,
        active: before.active,
      },
      after: { url, description: body.description, eventTypes: body.eventTypes, active: body.active },
    });
    return (await findSubscription(tx, id))!;
  });
  app.webhooks.nudge();
  return saved;
}

/**
 * A new secret; the one it replaces still signs for `overlapHours` (every delivery then carries both
 * signatures), so the receiver can change its secret at its own pace.
 */
export async function rotateSecret(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: z.infer<typeof webhookRotateBody>,
) {
  const secret = newWebhookSecret();
  const sealed = encryptText(app.config, secret);
  return app.database.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, id);
    if (!before) throw notFound('Webhook subscription');
    await tx
      .update(webhookSubscriptions)
      .set({
        secret: sealed,
        previousSecret: body.overlapHours > 0 ? before.secret : null,
        previousSecretUntil:
          body.overlapHours > 0 ? sql`now() + make_interval(hours => ${body.overlapHours}::int)` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookSubscriptions.id, id));
    await audit(tx, actor, {
      action: 'webhook_subscription.secret_rotated',
      entity: WEBHOOK_ENTITY,
      entityId: id,
      after: { overlapHours: body.overlapHours },
    });
    return { ...(await findSubscription(tx, id))!, secret };
  });
}

/** A `webhook.test` event to this subscription only, through the same queue as every event. */
export async function sendTestEvent(app: FastifyInstance, actor: Actor, id: number) {
  const row = await app.database.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, id);
    if (!subscription) throw notFound('Webhook subscription');
    if (!subscription.active)
      throw conflict('This subscription is switched off: switch it on to send a test event');
    const data = { subscriptionId: id, message: 'A test event sent from Main Settings → Webhooks' };
    const { rows } = await tx.execute<{ id: string }>(sql`
      with e as (insert into webhook_events (type, member_id, data)
                 values ('webhook.test', null, ${JSON.stringify(data)}::jsonb) returning id)
      insert into webhook_deliveries (subscription_id, event_id, member_id)
      select ${id}::bigint, e.id, null from e returning id`);
    const deliveryId = Number(rows[0]!.id);
    await audit(tx, actor, {
      action: 'webhook_subscription.test_sent',
      entity: WEBHOOK_ENTITY,
      entityId: id,
      after: { deliveryId },
    });
    return (await findDelivery(tx, deliveryId))!;
  });
  app.webhooks.nudge();
  return row;
}

/**
 * Sends one delivery again: queued anew with the same event id (a receiver that processed it ignores
 * it). One being sent right now is left alone.
 */
export async function replayDelivery(app: FastifyInstance, actor: Actor, id: number) {
  const row = await app.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; subscription_id: string }>(
      sql`select status, subscription_id from webhook_deliveries where id = ${id} for update`,
    );
    const current = rows[0];
    if (!current) throw notFound('Webhook delivery');
    if (current.status === 'sending') throw conflict('This delivery is being sent right now');
    await tx.execute(sql`update webhook_deliveries set status = 'queued', attempts = 0, next_attempt_at = now(),
      claimed_at = null, updated_at = now() where id = ${id}`);
    await audit(tx, actor, {
      action: 'webhook_delivery.replayed',
      entity: WEBHOOK_ENTITY,
      entityId: Number(current.subscription_id),
      before: { delivery: id, status: current.status },
      after: { delivery: id, status: 'queued' },
    });
    return (await findDelivery(tx, id))!;
  });
  app.webhooks.nudge();
  return row;
}
