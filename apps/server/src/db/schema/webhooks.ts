import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A URL of the brand's systems subscribed to event types. The secret signs every delivery (Standard
 * Webhooks, `whsec_…`), stored encrypted with the app's key; during a rotation the previous secret
 * signs too until `previous_secret_until`. A subscription failing for longer than the configured time
 * is switched off (`disabled_at`, `disabled_reason`), its pending deliveries kept for when it is back.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** The staff member who made it: told when it is switched off. */
    ownerId: integer('owner_id'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_active_idx').on(t.id).where(sql`${t.active}`)],
);

/**
 * An event, written in the transaction of the change that caused it (record_webhook_event,
 * db/custom/webhooks.sql) and only when an active subscription wants its type. `event_id` is the
 * `webhook-id` every delivery of it carries: the receiver's key to de-duplicate on.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: text('event_id')
    .notNull()
    .unique()
    .default(sql`'evt_' || replace(gen_random_uuid()::text, '-', '')`),
  type: text('type').notNull(),
  memberId: bigint('member_id', { mode: 'number' }),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event to one subscription: the outbox of webhooks. queued → sending → delivered | failed; a
 * delivery is claimed only when no earlier one of the same subscription and member is still queued or
 * sending, so each member's events arrive in order. `attempts` is the claim's token (as in the
 * messages outbox): a late answer of a claim that went stale changes nothing.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => webhookSubscriptions.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    memberId: bigint('member_id', { mode: 'number' }),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status_ck', sql`${t.status} in ('queued', 'sending', 'delivered', 'failed')`),
    /** The worker's claim: queued rows in order. */
    index('webhook_deliveries_queue_idx').on(t.id).where(sql`${t.status} = 'queued'`),
    /** "An earlier one of this member is pending": the per-member order. */
    index('webhook_deliveries_pending_idx')
      .on(t.subscriptionId, t.memberId, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('webhook_deliveries_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
