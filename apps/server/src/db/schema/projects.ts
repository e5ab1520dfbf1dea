import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from './members';
import { staff } from './staff';

/**
 * Projects members register (PRODUCT.md §3.7): `submitted → approved | rejected`. Approval posts
 * the bonus in force once, as the ledger entry (`project_bonus`, `project:<id>`).
 */
export const projects = pgTable(
  'projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    name: text('name').notNull(),
    siteAddress: text('site_address').notNull(),
    pincode: text('pincode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** residential | commercial | hospitality | institutional | other */
    type: text('type').notNull(),
    /** planning | foundation | structure | finishing | completed */
    stage: text('stage').notNull(),
    expectedQuantity: integer('expected_quantity').notNull(),
    /** The member's own uploads (purpose project_photo), claimed when the project was made. */
    photoFileIds: integer('photo_file_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** submitted | approved | rejected */
    state: text('state').notNull().default('submitted'),
    /** The rejection reason (or an approval note). */
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Points credited on approval (the setting in force then); null until approved. */
    bonusPoints: integer('bonus_points'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_member_idx').on(t.memberId, t.id),
    index('projects_state_idx').on(t.state, t.id),
    index('projects_created_idx').on(t.createdAt, t.id),
    check('projects_state_check', sql`${t.state} in ('submitted', 'approved', 'rejected')`),
  ],
);

/** The project bonus in points, with effective-from history (a new row supersedes from its day). */
export const projectBonusSettings = pgTable(
  'project_bonus_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    points: integer('points').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_bonus_settings_effective_idx').on(t.effectiveFrom)],
);
