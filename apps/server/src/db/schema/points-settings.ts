import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Joining and referral points settings (PRODUCT.md §3.4). Rows are never changed: a new row with
 * its own `effective_from` supersedes the previous one from that instant, so history is the table.
 */
export const joiningSettings = pgTable(
  'joining_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberType: text('member_type').notNull(),
    points: integer('points').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('joining_settings_type_idx').on(t.memberType, t.effectiveFrom)],
);

export const referralSettings = pgTable(
  'referral_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerPoints: integer('referrer_points').notNull(),
    refereePoints: integer('referee_points').notNull(),
    /** registration_approved | kyc_approved | first_scan */
    trigger: text('trigger').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_settings_effective_idx').on(t.effectiveFrom)],
);

/** The value of a point in paise (PRODUCT.md §2), with history; none in force means the default. */
export const pointValueSettings = pgTable(
  'point_value_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paisePerPoint: integer('paise_per_point').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('point_value_settings_effective_idx').on(t.effectiveFrom)],
);

/**
 * Scans while pending: `hold` | `credit`, with history; none in force means hold. Read by
 * `scan_coupon` (db/custom/points_and_scans.sql) inside the scan's own statement.
 */
export const pendingScanSettings = pgTable(
  'pending_scan_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mode: text('mode').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_scan_settings_effective_idx').on(t.effectiveFrom),
    check('pending_scan_settings_mode_check', sql`${t.mode} in ('hold', 'credit')`),
  ],
);
