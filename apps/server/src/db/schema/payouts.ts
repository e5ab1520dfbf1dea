import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { redemptions } from './redemptions';

/**
 * A payout batch (Approvals → Redemption → Payouts): prepared by one person, released by another
 * (maker-checker), paid through the payout API or a bank's bulk file.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** api | bank_file */
    rail: text('rail').notNull(),
    /** draft | released | completed | cancelled */
    status: text('status').notNull().default('draft'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: integer('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Bank file: who took its first copy, and when. */
    fileDownloadedBy: integer('file_downloaded_by'),
    fileDownloadedAt: timestamp('file_downloaded_at', { withTimezone: true }),
    /**
     * The bank file as first produced, sealed under ENCRYPTION_KEY (it holds account numbers): a
     * download lost on the way is taken again as these same bytes, so the bank is never sent two files.
     */
    fileSealed: text('file_sealed'),
    /** When the file was produced: its date and its name's. */
    fileProducedAt: timestamp('file_produced_at', { withTimezone: true }),
    /** Copies handed out so far; each numbered and audited. */
    fileCopies: integer('file_copies').notNull().default(0),
  },
  (t) => [
    index('payout_batches_created_idx').on(t.createdAt, t.id),
    check('payout_batches_rail', sql`${t.rail} in ('api', 'bank_file')`),
  ],
);

/**
 * One payout per redemption, ever (unique `redemption_id` while its batch stands; a cancelled batch
 * frees its lines by deleting them). `idempotency_key` is derived from the redemption and sent as
 * RazorpayX's `X-Payout-Idempotency`: however often a line is sent, the provider makes one payout.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => redemptions.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** IMPS | NEFT | RTGS | UPI */
    mode: text('mode').notNull(),
    /** What is paid: the redemption's net (value − TDS) fixed at release. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** queued | sending | pending | processed | failed | reversed */
    status: text('status').notNull().default('queued'),
    providerPayoutId: text('provider_payout_id'),
    providerStatus: text('provider_status'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_lines_redemption_key').on(t.redemptionId),
    uniqueIndex('payout_lines_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payout_lines_provider_key').on(t.providerPayoutId),
    index('payout_lines_batch_idx').on(t.batchId, t.id),
    // The integration API's incremental reads (changed since a cursor).
    index('payout_lines_updated_idx').on(t.updatedAt, t.id),
    index('payout_lines_status_idx').on(t.status, t.id),
    check('payout_lines_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/** Provider webhook events already applied (by their event id): a replayed event changes nothing. */
export const payoutWebhookEvents = pgTable('payout_webhook_events', {
  eventId: text('event_id').primaryKey(),
  payoutId: text('payout_id'),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
