import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * The append-only points ledger (PRODUCT.md §2). A trigger (migration 0001_ledger_append_only)
 * refuses UPDATE, DELETE and TRUNCATE; (kind, reference) is unique so one cause posts once.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    staffId: integer('staff_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_cause_key').on(t.kind, t.reference),
    check('points_ledger_amount_non_zero', sql`${t.amount} <> 0`),
    check('points_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    index('points_ledger_member_idx').on(t.memberId, t.id),
    index('points_ledger_created_idx').on(t.createdAt, t.id),
    index('points_ledger_kind_idx').on(t.kind, t.id),
  ],
);

/** Manual adjustments: requested by one staff account, decided by another; posts only on approval. */
export const pointsAdjustments = pgTable(
  'points_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    ledgerEntryId: integer('ledger_entry_id'),
  },
  (t) => [
    check('points_adjustments_amount_non_zero', sql`${t.amount} <> 0`),
    index('points_adjustments_status_idx').on(t.status, t.id),
    index('points_adjustments_member_idx').on(t.memberId, t.id),
  ],
);
