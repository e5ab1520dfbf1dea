import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The outbox: every message to a member (SMS, WhatsApp, push) is one row, written in the same
 * transaction as its cause and sent by the outbox worker (modules/messages/outbox-worker.ts).
 * queued → sending → sent → delivered | failed; a retried cause never adds a second row.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sms | whatsapp | push */
    channel: text('channel').notNull(),
    /** message_templates.key, e.g. `otp`, `redemption.paid`. */
    templateKey: text('template_key').notNull(),
    /** The language of the template used (contract MESSAGE_LANGUAGES). */
    language: text('language').notNull(),
    /** Template variables that hold no secret. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    /** Secret variables (a one-time code, a voucher's PIN), encrypted; erased once the message left or failed. */
    secretVariables: text('secret_variables'),
    /** The mobile (ten digits) for sms/whatsapp; the member's id for push. */
    recipient: text('recipient').notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    /** What caused it: `member_otp`, `redemption`, `kyc_submission`… with that row's id. */
    causeKind: text('cause_kind').notNull(),
    causeId: text('cause_id').notNull(),
    /** Lower goes first: 0 one-time codes, 5 transactional, 9 promotional. */
    priority: smallint('priority').notNull().default(5),
    /** queued | sending | sent | delivered | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** A queued row is not claimed before this (retry backoff, Retry-After). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current `sending` claim was taken; a claim older than the stale limit is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Nothing is sent after this (a one-time code past its expiry): the row fails instead. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** msg91 | twilio | log: who accepted it. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_messages_cause_uq').on(t.causeKind, t.causeId, t.channel, t.templateKey),
    check('member_messages_channel_ck', sql`${t.channel} in ('sms', 'whatsapp', 'push')`),
    check(
      'member_messages_status_ck',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed')`,
    ),
    /** The worker's claim: queued rows by priority, then due time. */
    index('member_messages_queue_idx')
      .on(t.priority, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('member_messages_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
    index('member_messages_provider_idx').on(t.provider, t.providerMessageId),
    index('member_messages_member_idx').on(t.memberId, t.id),
    index('member_messages_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Message texts per event × channel × language. More languages are rows, not code: seeded from
 * modules/messages/templates.data.ts (never overwriting a row staff edited).
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    /** The text with `{variable}` placeholders. */
    body: text('body').notNull(),
    /** The variables the body uses; a message missing one is refused when it is queued. */
    variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
    /** India's DLT registration of this SMS text (MSG91 sends it as DLT_TE_ID). */
    dltTemplateId: text('dlt_template_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    uniqueIndex('message_templates_uq').on(t.key, t.channel, t.language),
    check('message_templates_language_ck', sql`${t.language} ~ '^[a-z]{2}$'`),
  ],
);

/**
 * The member's devices for push (FCM registration tokens). A token belongs to one member (the newest
 * registration wins: a phone changed hands); FCM's UNREGISTERED / INVALID_ARGUMENT answer deletes it.
 */
export const memberDevices = pgTable(
  'member_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    /** android | ios | web */
    platform: text('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_devices_token_uq').on(t.token),
    index('member_devices_member_idx').on(t.memberId),
  ],
);
