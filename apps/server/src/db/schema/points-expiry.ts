import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * The points expiry policy, effective-dated: a new row supersedes the previous approved
 * one from its `effective_from`, so history is the table. A change moves value, so it is maker-checker:
 * requested (`pending`), then approved or rejected by someone else. The policy in force when points
 * are earned fixes their expiry (db/custom/points_and_scans.sql `points_expiry_at`).
 */
export const pointsExpiryPolicies = pgTable(
  'points_expiry_policies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** never | rolling_months | financial_year */
    rule: text('rule').notNull(),
    /** rolling_months: points expire this many months after they were earned. */
    months: integer('months'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    note: text('note'),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('points_expiry_policies_in_force_idx').on(t.status, t.effectiveFrom),
    check(
      'points_expiry_policies_months',
      sql`(${t.rule} = 'rolling_months') = (${t.months} is not null and ${t.months} between 1 and 120)`,
    ),
  ],
);

/**
 * Earned points as lots: one per credit, written by post_points in the credit's own statement. Debits
 * take from the oldest lots first (FIFO, recorded in points_lot_uses so a refund gives back exactly
 * what its hold took); the nightly expiry posts one `expiry` entry per lot (reference `expiry:<lot>`).
 * Invariant: a member's open lots never hold more than the balance.
 */
export const pointsLots = pgTable(
  'points_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The credit that earned it. */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    /** Null: never expires (no policy in force when it was earned). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiredEntryId: bigint('expired_entry_id', { mode: 'number' }),
    /**
     * The scan hold (scan_holds) this lot is held by: not taken by debits, not expired; on clearing its
     * expiry restarts from the release (points_expiry_at(release)); on reversal it is closed.
     */
    heldBy: bigint('held_by', { mode: 'number' }),
  },
  (t) => [
    check('points_lots_remaining', sql`${t.remaining} between 0 and ${t.amount}`),
    index('points_lots_open_idx').on(t.memberId, t.id).where(sql`${t.remaining} > 0`),
    index('points_lots_due_idx').on(t.expiresAt).where(sql`${t.remaining} > 0`),
  ],
);

/** Which lots a debit took its points from, so that a refund restores the same lots. */
export const pointsLotUses = pgTable(
  'points_lot_uses',
  {
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    lotId: bigint('lot_id', { mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.lotId] }), index('points_lot_uses_lot_idx').on(t.lotId)],
);
