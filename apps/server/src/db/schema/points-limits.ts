import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Caps and limits on the programme's economics, effective-dated: a new approved row
 * supersedes the previous one from its `effective_from`, so the table is the history. Each column is
 * optional (null = no cap). They move value (what a member may earn or take out), so a change is
 * maker-checker: requested (`pending`), then approved or rejected by someone else, audited.
 * The scan reads them inside `scan_coupon` (db/custom/points_and_scans.sql `points_limits_in_force`);
 * a redemption request reads them under the member's row lock (modules/points-limits).
 */
export const pointsLimits = pgTable(
  'points_limits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Points a member may earn by scans (base + scheme bonuses) in one day, IST. */
    scanPointsPerDay: integer('scan_points_per_day'),
    /** Points a member may earn by scans in one calendar month, IST. */
    scanPointsPerMonth: integer('scan_points_per_month'),
    /** The balance a member needs before any redemption. */
    redeemMinBalance: integer('redeem_min_balance'),
    /** Points a member may redeem in one calendar month, IST (requests not rejected or cancelled). */
    redeemPointsPerMonth: integer('redeem_points_per_month'),
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
    index('points_limits_in_force_idx').on(t.status, t.effectiveFrom),
    check(
      'points_limits_positive',
      sql`coalesce(${t.scanPointsPerDay}, 1) > 0 and coalesce(${t.scanPointsPerMonth}, 1) > 0
        and coalesce(${t.redeemMinBalance}, 0) >= 0 and coalesce(${t.redeemPointsPerMonth}, 1) > 0`,
    ),
  ],
);
