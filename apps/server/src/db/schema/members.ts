import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

/** Trade partners using the mobile app (PRODUCT.md §3.5). `balance` is kept beside the ledger. */
export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Human-facing code, e.g. M000042. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Ten-digit Indian mobile number without country code. */
    mobile: text('mobile').notNull().unique(),
    /** carpenter | contractor | architect | dealer | retailer */
    type: text('type').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    /** The dealer (a member of type dealer) this member buys through. */
    dealerId: integer('dealer_id').references((): AnyPgColumn => members.id),
    /** Field employee who onboarded or looks after the member; BDE accounts arrive with the field API. */
    bdeId: integer('bde_id'),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: integer('referred_by').references((): AnyPgColumn => members.id),
    /** pending | approved | rejected | blocked */
    status: text('status').notNull().default('pending'),
    /** Why it was rejected or blocked (the latest decision). */
    statusReason: text('status_reason'),
    /** none | submitted | approved | rejected */
    kycStatus: text('kyc_status').notNull().default('none'),
    balance: integer('balance').notNull().default(0),
    /** The member's tier (its English name in the tier policy; schema/tiers.ts); null: not evaluated yet. */
    tier: text('tier'),
    /** Points earned by scans in the tier period as last evaluated, plus scans since (an upper bound). */
    tierEarned: integer('tier_earned').notNull().default(0),
    /** Pinned by an approved override: evaluation leaves the tier alone. */
    tierPinned: boolean('tier_pinned').notNull().default(false),
    /** Points of held scans awaiting review (db/schema/scan-holds.ts): part of the balance, not redeemable. */
    heldPoints: integer('held_points').notNull().default(0),
    /** Language of the messages the member receives: en | hi | mr | gu | ta (contract MESSAGE_LANGUAGES). */
    language: text('language').notNull().default('en'),
    /** When the member agreed to WhatsApp messages (null: not opted in; WhatsApp requires the opt-in). */
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    /** When the member muted promotional messages (null: not muted); transactional ones always go. */
    promotionsMutedAt: timestamp('promotions_muted_at', { withTimezone: true }),
    /** Scanning is locked until then after too many invalid codes (fraud rule, `scan_coupon`); null: never. */
    scansLockedUntil: timestamp('scans_locked_until', { withTimezone: true }),
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('members_balance_non_negative', sql`${t.balance} >= 0`),
    check('members_held_points', sql`${t.heldPoints} between 0 and ${t.balance}`),
    index('members_status_idx').on(t.status, t.id),
    index('members_created_idx').on(t.createdAt, t.id),
    // The integration API's incremental reads (changed since a cursor).
    index('members_updated_idx').on(t.updatedAt, t.id),
    index('members_state_idx').on(t.state, t.district),
    index('members_dealer_idx').on(t.dealerId),
    index('members_referred_by_idx').on(t.referredBy),
  ],
);

/** Member-app sessions: a separate table, so a staff token can never open a member route (nor back). */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('member_sessions_member_idx').on(t.memberId)],
);

/** One-time sign-in codes; only an HMAC of the code is stored. */
export const memberOtps = pgTable(
  'member_otps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The address that asked for the code: the hourly limits count per address, not per mobile alone. */
    requestedFrom: text('requested_from'),
    /** Whether the mobile was a member's when the code was sent: codes to others have tighter limits. */
    toMember: boolean('to_member').notNull().default(true),
  },
  (t) => [index('member_otps_mobile_idx').on(t.mobile, t.id), index('member_otps_sent_idx').on(t.sentAt)],
);

/** Published versions of the programme's terms; the latest published one is current. */
export const termsVersions = pgTable('terms_versions', {
  version: text('version').primaryKey(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency-Key records of member-app write calls, per scope (`member:<id>`, or `mobile:<n>` before
 * sign-in). The answer is stored encrypted: a registration's answer carries a session token.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** pending | done */
    status: text('status').notNull().default('pending'),
    responseStatus: integer('response_status'),
    /** The answer, encrypted (it may hold a session token or personal data). */
    responseBody: text('response_body'),
    /**
     * Or the answer in clear, for answers that hold no secret and are stored by the statement that
     * made them: the scan (`scan_coupon_once`), whose answer is a result code, points and a SKU.
     */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_scope_key').on(t.scope, t.key)],
);
