import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A saved audience: named conditions over members (contract/segments.ts `segmentConditions`), compiled
 * to one SQL condition when counted or used (modules/segments/segment-sql.ts). Nothing is stored per
 * member until a campaign freezes it.
 */
export const segments = pgTable(
  'segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    conditions: jsonb('conditions').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('segments_name_key').on(t.name)],
);

/**
 * One use of a segment by a notification, a scheme or a game: the segment frozen as a list of
 * member ids at that moment (campaign_members; the audit of who was targeted), with the holdout the
 * operator chose kept out of it, and the window its lift is measured in.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    segmentId: bigint('segment_id', { mode: 'number' })
      .notNull()
      .references(() => segments.id),
    /** notification | scheme | game */
    kind: text('kind').notNull(),
    /** The notification, scheme or game (set once it exists, in the same transaction). */
    targetId: bigint('target_id', { mode: 'number' }),
    /** The segment's name and conditions when frozen. */
    segmentName: text('segment_name').notNull(),
    conditions: jsonb('conditions').notNull(),
    holdoutPercent: smallint('holdout_percent').notNull().default(0),
    members: integer('members').notNull(),
    holdoutMembers: integer('holdout_members').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_segment_idx').on(t.segmentId, t.id),
    index('campaigns_target_idx').on(t.kind, t.targetId),
  ],
);

/** The frozen list: every member of the segment when the campaign began; `holdout` ones are not reached. */
export const campaignMembers = pgTable(
  'campaign_members',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    memberId: integer('member_id').notNull(),
    holdout: boolean('holdout').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.memberId] })],
);
