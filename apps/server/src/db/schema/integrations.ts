import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * A system of the brand's (ERP, CRM, warehouse) that calls the integration API. Asked for by one
 * staff account, approved by another; every call its keys make is audited under its name.
 */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** pending | active | rejected | disabled */
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => staff.id),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_accounts_name_key').on(sql`lower(${t.name})`)],
);

/**
 * An API key of a service account: `ak_<prefix>_<secret>`. Only the prefix (to find the row) and the
 * SHA-256 of the whole key are kept; the key is shown once, to the person who approves it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => serviceAccounts.id),
    label: text('label').notNull(),
    /** Set on approval; unique, so a presented key finds its row by index. */
    prefix: text('prefix'),
    secretHash: text('secret_hash'),
    /** Page paths and action ids, as staff roles hold them (contract/permissions, actions). */
    scopes: text('scopes').array().notNull(),
    validDays: integer('valid_days').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    /** pending | active | rejected | revoked */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A rotation: the key this one succeeds, and how long that one keeps working after approval. */
    rotatesKeyId: integer('rotates_key_id'),
    overlapHours: integer('overlap_hours'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    requestedBy: integer('requested_by').references(() => staff.id),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    revokedBy: integer('revoked_by').references(() => staff.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_account_idx').on(t.accountId, t.id),
    check('api_keys_active_has_secret', sql`${t.status} <> 'active' or ${t.secretHash} is not null`),
  ],
);
