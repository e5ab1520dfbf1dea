import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * The tier policy, an effective-dated, maker-checker setting (lib/settings): the
 * rolling period in months and the tiers, lowest first, as JSON
 * `[{name, nameHi, minPoints, multiplier, redeemMinBalance}]` (contract tiers.ts `tierLevel`): points
 * EARNED by scans in the period (coupon_scans.points; never the balance, never refunds) of at least
 * `minPoints` reach a tier; its `multiplier` applies to a scan's base points inside `scan_coupon`
 * (rounded down); `redeemMinBalance` lowers the redemption minimum (modules/points-limits).
 */
export const tierPolicies = pgTable(
  'tier_policies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    periodMonths: integer('period_months').notNull(),
    tiers: jsonb('tiers').notNull(),
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
    index('tier_policies_in_force_idx').on(t.status, t.effectiveFrom),
    check('tier_policies_period', sql`${t.periodMonths} between 1 and 36`),
    check(
      'tier_policies_tiers',
      sql`jsonb_typeof(${t.tiers}) = 'array' and jsonb_array_length(${t.tiers}) >= 1`,
    ),
  ],
);

/**
 * A member's tiers over time: one row per change, evaluated (on earning inside `scan_coupon`, or by
 * the nightly evaluation) or an approved override (`override_id`). The current tier is on the member
 * (`members.tier`).
 */
export const memberTiers = pgTable(
  'member_tiers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The tier's (English) name in the policy in force then. */
    tier: text('tier').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull().defaultNow(),
    /** evaluated | override */
    reason: text('reason').notNull(),
    /** Points earned in the period when evaluated. */
    earned: integer('earned'),
    policyId: bigint('policy_id', { mode: 'number' }),
    overrideId: bigint('override_id', { mode: 'number' }),
    /** The staff account that approved an override; null when evaluated. */
    by: integer('by'),
  },
  (t) => [
    index('member_tiers_member_idx').on(t.memberId, t.id),
    check('member_tiers_reason', sql`${t.reason} in ('evaluated', 'override')`),
  ],
);

/**
 * A manual change of a member's tier with a reason: requested by one person, approved or rejected by
 * another (lib/decisions). An approved override pins the tier: evaluation leaves the member's tier
 * alone until another override unpins it (`tier` null: back to evaluated).
 */
export const tierOverrides = pgTable(
  'tier_overrides',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The tier to pin; null: unpin (back to the evaluated tier). */
    tier: text('tier'),
    reason: text('reason').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('tier_overrides_member_idx').on(t.memberId, t.id),
    index('tier_overrides_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
  ],
);
