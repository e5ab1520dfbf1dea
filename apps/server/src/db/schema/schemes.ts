import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Schemes (PRODUCT.md §3.4). Empty `member_types`, `states` or `product_ids` means all. The rule is
 * `multiplier` (uses `multiplier`), `fixed_bonus` (`bonus_points`) or `slab_bonus` (`slab_scans`,
 * `bonus_points`). Dates are Asia/Kolkata calendar days, both inclusive.
 */
export const schemes = pgTable(
  'schemes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    memberTypes: text('member_types').array().notNull().default([]),
    states: text('states').array().notNull().default([]),
    productIds: bigint('product_ids', { mode: 'number' }).array().notNull().default([]),
    rule: text('rule').notNull(),
    multiplier: numeric('multiplier', { precision: 6, scale: 2 }),
    bonusPoints: integer('bonus_points'),
    slabScans: integer('slab_scans'),
    /** draft | active | ended | cancelled */
    status: text('status').notNull().default('draft'),
    createdBy: integer('created_by'),
    activationRequestedBy: integer('activation_requested_by'),
    activationRequestedAt: timestamp('activation_requested_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Points the scheme may pay in bonuses (issue 26); null: no budget. Spent is charged by the scan. */
    budgetPoints: integer('budget_points'),
    budgetSpent: integer('budget_spent').notNull().default(0),
    /** Who pays for the bonuses: manufacturer | distributor; null: not recorded. */
    fundedBy: text('funded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schemes_status_idx').on(t.status, t.startsOn, t.endsOn),
    check(
      'schemes_budget_not_overspent',
      sql`${t.budgetPoints} is null or ${t.budgetSpent} <= ${t.budgetPoints}`,
    ),
  ],
);
