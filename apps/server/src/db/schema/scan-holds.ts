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

/**
 * Held scan credits and their review (QR Scan History → Review). A scan that meets a
 * fraud rule whose action is `hold` is credited to the ledger as usual, but `scan_coupon` opens one
 * hold here for everything the scan credited to the member (base, bonuses, referral welcome), marks
 * those lots `held_by` this row and adds the points to `members.held_points`: not redeemable (the
 * available balance is balance − held_points), not consumed by debits and not expired while held.
 * A reviewer claims it (one at a time), then clears it (the points become available, once) or asks
 * for a reversal with a reason; another person approves the reversal (maker-checker), which posts a
 * `scan_reversal` debit of the held points (a correcting entry, never an edit) or rejects it (held
 * again). Every step is audited (entity `scan_holds`).
 */
export const scanHolds = pgTable(
  'scan_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scanId: bigint('scan_id', { mode: 'number' }).notNull(),
    memberId: integer('member_id').notNull(),
    points: integer('points').notNull(),
    /** The rules the scan met (its flags when it was held). */
    rules: text('rules').array().notNull().default(sql`'{}'::text[]`),
    /** held | reversal_requested | cleared | reversed */
    status: text('status').notNull().default('held'),
    claimedBy: integer('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    reversalRequestedBy: integer('reversal_requested_by'),
    reversalRequestedAt: timestamp('reversal_requested_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scan_holds_scan_key').on(t.scanId),
    index('scan_holds_status_idx').on(t.status, t.id),
    index('scan_holds_member_idx').on(t.memberId, t.id),
    check('scan_holds_points', sql`${t.points} > 0`),
  ],
);
