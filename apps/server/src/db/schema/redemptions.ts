import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/** Manage Catalogue → Rewards (PRODUCT.md 3.6): physical gifts and e-vouchers. */
export const rewards = pgTable(
  'rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** physical | e_voucher */
    type: text('type').notNull(),
    brand: text('brand'),
    denominationPaise: integer('denomination_paise'),
    pointsCost: integer('points_cost').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    /** Physical gifts: units left (held by a request, given back by a refund). Vouchers: null. */
    stock: integer('stock'),
    imageFileId: integer('image_file_id'),
    eligibleTypes: jsonb('eligible_types').$type<string[]>().notNull(),
    /** False: archived (out of the app and the catalogue's default list); its redemptions keep it. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rewards_points_positive', sql`${t.pointsCost} > 0`),
    check('rewards_stock_non_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
    index('rewards_active_idx').on(t.active, t.id),
  ],
);

/**
 * A member's redemption (PRODUCT.md 3.6). Points are held on request (`redemption_hold`, reference
 * `redemption:<id>`) and given back once on rejected, cancelled, failed or returned
 * (`redemption_refund`, same reference). TDS (194R) is computed at request and kept on the row.
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** gift | voucher | cash */
    kind: text('kind').notNull(),
    rewardId: integer('reward_id').references(() => rewards.id),
    quantity: integer('quantity').notNull().default(1),
    points: integer('points').notNull(),
    paisePerPoint: integer('paise_per_point').notNull(),
    /**
     * Money in paise is bigint: points (up to 10⁸ a request) × paise per point (up to 10⁴) is far past
     * 2³¹, and within 2⁵³ (exact as a JS number). Points stay integer (at most 10⁸ a request).
     */
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
    /** `2026-27`: the financial year (IST) of the request. */
    financialYear: text('financial_year').notNull(),
    /** The member's value in this financial year before this redemption. */
    priorFyValuePaise: bigint('prior_fy_value_paise', { mode: 'number' }).notNull(),
    panOnFile: boolean('pan_on_file').notNull(),
    tdsRateBp: integer('tds_rate_bp').notNull(),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull(),
    /** member (cash: paid net of TDS) | company (gifts and vouchers: the company bears it) */
    tdsBorneBy: text('tds_borne_by').notNull(),
    /** Cash: what is paid out (value − TDS); rewards: the value. */
    netPaise: bigint('net_paise', { mode: 'number' }).notNull(),
    /** Cash: bank | upi. */
    payout: text('payout'),
    /** Cash: masked account or the UPI id, as on the approved KYC at request. */
    payoutTo: text('payout_to'),
    kycId: integer('kyc_id'),
    shipTo: jsonb('ship_to'),
    /** requested | approved | rejected | cancelled | paid | failed | fulfilled | dispatched | delivered | returned */
    status: text('status').notNull().default('requested'),
    reason: text('reason'),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    utr: text('utr'),
    paidBy: integer('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    courierCompany: text('courier_company'),
    awb: text('awb'),
    dispatchedOn: date('dispatched_on', { mode: 'string' }),
    deliveredOn: date('delivered_on', { mode: 'string' }),
    voucherId: integer('voucher_id'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    refundEntryId: integer('refund_entry_id'),
    holdEntryId: integer('hold_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('redemptions_points_positive', sql`${t.points} > 0`),
    check('redemptions_tds_range', sql`${t.tdsPaise} >= 0 and ${t.tdsPaise} <= ${t.valuePaise}`),
    uniqueIndex('redemptions_utr_key').on(t.utr),
    uniqueIndex('redemptions_voucher_key').on(t.voucherId),
    index('redemptions_status_idx').on(t.status, t.kind, t.id),
    // The integration API's incremental reads (changed since a cursor).
    index('redemptions_updated_idx').on(t.updatedAt, t.id),
    index('redemptions_kind_idx').on(t.kind, t.id),
    index('redemptions_member_idx').on(t.memberId, t.id),
    index('redemptions_member_fy_idx').on(t.memberId, t.financialYear),
    index('redemptions_created_idx').on(t.createdAt, t.id),
  ],
);

/** Every state a redemption passed through, who moved it (staff or the member) and why. */
export const redemptionEvents = pgTable(
  'redemption_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => redemptions.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    staffId: integer('staff_id'),
    byMember: boolean('by_member').notNull().default(false),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('redemption_events_redemption_idx').on(t.redemptionId, t.id)],
);

/**
 * TDS threshold and rates, the cash minimum and what an e-voucher request out of stock does (programme settings beside the point value), with
 * history: a new row supersedes the earlier ones from its `effective_from`.
 */
export const redemptionSettings = pgTable(
  'redemption_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tdsThresholdPaise: integer('tds_threshold_paise').notNull(),
    tdsRateBp: integer('tds_rate_bp').notNull(),
    tdsNoPanRateBp: integer('tds_no_pan_rate_bp').notNull(),
    minCashPoints: integer('min_cash_points').notNull(),
    /** An e-voucher request out of stock: wait (accepted, points held) | refuse. */
    voucherOutOfStock: text('voucher_out_of_stock').notNull().default('wait'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('redemption_settings_effective_idx').on(t.effectiveFrom),
    check('redemption_settings_voucher_out_of_stock', sql`${t.voucherOutOfStock} in ('wait', 'refuse')`),
  ],
);
