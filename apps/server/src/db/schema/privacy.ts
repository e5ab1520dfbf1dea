import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * Consent under the DPDP Act: one row per purpose each time the member answers a notice version,
 * declines included (`granted` false). Withdrawal stamps `withdrawn_at`. Kept at least seven years
 * and never erased with the member: the row names him only by id, which erasure pseudonymises.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** contract PRIVACY_PURPOSES */
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    noticeVersion: text('notice_version').notNull(),
    /** Where it was given: app | staff */
    channel: text('channel').notNull(),
    /** The language the notice was shown in. */
    language: text('language').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnChannel: text('withdrawn_channel'),
  },
  (t) => [index('privacy_consents_member_idx').on(t.memberId, t.purpose, t.id)],
);

/**
 * The member's requests under the Act (access, correction, erasure, nomination, grievance) and the
 * closures a withdrawn necessary purpose opens, each with its deadline, who handled it and the
 * outcome the member was told. An accepted erasure waits `erase_after` (the 48-hour notice).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    /** open | scheduled | done | rejected */
    status: text('status').notNull().default('open'),
    details: text('details'),
    nomineeName: text('nominee_name'),
    nomineeMobile: text('nominee_mobile'),
    nomineeRelation: text('nominee_relation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    /** Staff who answered it; null for what the retention job opened itself. */
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (t) => [
    index('privacy_requests_status_idx').on(t.status, t.id),
    index('privacy_requests_member_idx').on(t.memberId),
    index('privacy_requests_erase_idx').on(t.eraseAfter).where(sql`${t.status} = 'scheduled'`),
  ],
);

/** The breach register: what happened, to which data, where, and when the members were told. */
export const privacyBreaches = pgTable(
  'privacy_breaches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    occurredFrom: timestamp('occurred_from', { withTimezone: true }).notNull(),
    occurredTo: timestamp('occurred_to', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    /** contract BREACH_DATA_KINDS */
    dataKinds: jsonb('data_kinds').$type<string[]>().notNull(),
    /** States whose members are affected; empty: every state. */
    states: jsonb('states').$type<string[]>().notNull(),
    measures: text('measures').notNull(),
    recordedBy: integer('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedBy: integer('notified_by'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [check('privacy_breaches_window', sql`${t.occurredTo} >= ${t.occurredFrom}`)],
);

/** The members a breach affected, as its query found them when they were told. */
export const privacyBreachMembers = pgTable(
  'privacy_breach_members',
  {
    breachId: integer('breach_id')
      .notNull()
      .references(() => privacyBreaches.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
  },
  (t) => [primaryKey({ columns: [t.breachId, t.memberId] })],
);

/**
 * How long a dormant member's data is kept (no scan, ledger entry or sign-in for this many months),
 * effective-dated and maker-checker (lib/settings); the retention job then erases after the notice.
 */
export const privacyRetention = pgTable(
  'privacy_retention',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dormantMonths: integer('dormant_months').notNull(),
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
    index('privacy_retention_in_force_idx').on(t.status, t.effectiveFrom),
    check('privacy_retention_months', sql`${t.dormantMonths} between 12 and 120`),
  ],
);
