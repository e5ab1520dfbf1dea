import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Lowercased key, e.g. "almond team"; what `userRole` carries. */
  name: text('name').notNull().unique(),
  /** Display name, e.g. "Almond Team"; what `roleName` carries. */
  label: text('label').notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  /** Page paths and group ids from contract/permissions. */
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  /** Staff of this role sign in with a second factor (TOTP); enrolment follows the password if missing. */
  mfaRequired: boolean('mfa_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staff = pgTable(
  'staff',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The TOTP secret (base32), encrypted with ENCRYPTION_KEY (lib/field-crypto); null: not enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is accepted once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of the unused recovery codes; each is removed when used. */
    recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The person's own console preferences (contract `staffPreferences`, e.g. list density). */
    preferences: jsonb('preferences').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_key').on(sql`lower(${t.email})`), index('staff_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_staff_idx').on(t.staffId)],
);

export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    email: text('email').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    /** One of contract/staff SIGN_IN_OUTCOMES. */
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sign_in_events_at_idx').on(t.at, t.id)],
);

/**
 * Failed sign-ins by who is named and from where (lib/sign-in-throttle.ts): one row per sign-in
 * name and client address (`subject` = "staff:<email>" or "field:<mobile>"), and one per address
 * across all names (`subject` = "*"). The account-wide count is `staff.failed_logins` (and the BDE's).
 * Kept in the database so that every instance applies the same count.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    /** The last right password from this address: a known-good address is not held by the account's lock. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.subject, t.address] })],
);

/**
 * The step between a right password and a session when a second factor is needed: a short-lived
 * token (its SHA-256 kept) that only the second-factor and enrolment routes accept.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** totp: enter a code; enrol: set up an authenticator first (the role requires one). */
    purpose: text('purpose').notNull(),
    /** During enrolment: the new secret, encrypted, until a code from it is entered. */
    pendingSecret: text('pending_secret'),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_challenges_staff_idx').on(t.staffId)],
);
