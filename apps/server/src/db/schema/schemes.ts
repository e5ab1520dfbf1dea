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
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Schemes (PRODUCT.md §3.4). Empty `member_types`, `states` or `product_ids` means all. The rule is
 * `multiplier` (uses `multiplier`), `fixed_bonus` (`bonus_points`) or `slab_bonus` (`slab_scans`,
 * `bonus_points`), or `dealer_share` (`share_percent` or `bonus_points`: paid to the scanning partner's
 * dealer, not to the partner). Dates are Asia/Kolkata calendar days, both inclusive.
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
    /** Points the scheme may pay in bonuses; null: no budget. */
    budgetPoints: integer('budget_points'),
    /** Of the budget, the points handed to its shares so far (scheme_budget_shares); never more than it. */
    budgetAllotted: integer('budget_allotted').notNull().default(0),
    /** A `dealer_share` scheme pays the partner's dealer this percentage of the scan's base points. */
    sharePercent: numeric('share_percent', { precision: 5, scale: 2 }),
    /** Only for the members of this campaign's frozen segment (not its holdout); null: everyone. */
    campaignId: bigint('campaign_id', { mode: 'number' }),
    /** Who pays for the bonuses: manufacturer | distributor; null: not recorded. */
    fundedBy: text('funded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schemes_status_idx').on(t.status, t.startsOn, t.endsOn),
    check(
      'schemes_budget_not_overspent',
      sql`${t.budgetPoints} is null or ${t.budgetAllotted} <= ${t.budgetPoints}`,
    ),
  ],
);

/**
 * A scheme's budget spent in shares, so concurrent scans charge different rows instead of queueing on
 * the scheme's (bench/scan-throughput.ts: one row every scan charged, held to commit, serialised every
 * budgeted scan). A scan charges its connection's share (coupon_count_shard()); a share out of room
 * takes a slice of the budget from the scheme row (schemes.budget_allotted, guarded), and when the
 * budget is all handed out, any share with room pays. So the spend (the shares' `spent` added up:
 * scheme_budget_spent()) never passes the budget: spent ≤ allotted per share, Σ allotted ≤ budget.
 */
export const schemeBudgetShares = pgTable(
  'scheme_budget_shares',
  {
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => schemes.id),
    shard: smallint('shard').notNull(),
    allotted: integer('allotted').notNull(),
    spent: integer('spent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schemeId, t.shard] }),
    check('scheme_budget_shares_within', sql`${t.spent} >= 0 and ${t.spent} <= ${t.allotted}`),
  ],
);
