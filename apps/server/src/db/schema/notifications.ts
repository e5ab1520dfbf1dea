import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Manage Notification (PRODUCT.md 3.8): a message to an audience, fanned out to inboxes by a task. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageFileId: integer('image_file_id'),
    link: text('link'),
    /** all | types | states | list | segment */
    audienceKind: text('audience_kind').notNull(),
    /** The member types or states chosen (audience types | states). */
    audienceValues: text('audience_values').array().notNull().default(sql`'{}'::text[]`),
    /** The uploaded member list (audience list). */
    audienceUploadId: integer('audience_upload_id'),
    /** The campaign that froze the segment (audience segment): its members not held out. */
    audienceCampaignId: bigint('audience_campaign_id', { mode: 'number' }),
    /** scheduled | sending | sent | cancelled | failed (contract NOTIFICATION_STATES) */
    state: text('state').notNull().default('scheduled'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    taskId: bigint('task_id', { mode: 'number' }),
    /** Members counted into the audience when the fan-out started. */
    expected: integer('expected'),
    /** The highest member id above which the fan-out may still have work (its resume point). */
    fannedTo: bigint('fanned_to', { mode: 'number' }).notNull().default(0),
    /** The highest member id the fan-out covers (fixed when it starts). */
    fanLast: bigint('fan_last', { mode: 'number' }),
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_due_idx').on(t.sendAt).where(sql`${t.state} = 'scheduled' and ${t.taskId} is null`),
  ],
);

/**
 * One message in one member's inbox: a staff notification (exactly one per notification and member;
 * its words are the notification's) or a step message of the outbox (registration, KYC, a redemption
 * step...: its title and body as rendered in the member's language, one per cause and event).
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The staff notification; null for a step message. */
    notificationId: integer('notification_id'),
    memberId: integer('member_id').notNull(),
    /** A step message's words (its push template's title and body); null for a notification. */
    title: text('title'),
    body: text('body'),
    /** A step message's event and cause (as in member_messages): a retried cause adds nothing. */
    templateKey: text('template_key'),
    causeKind: text('cause_kind'),
    causeId: text('cause_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_messages_notification_member_key').on(t.notificationId, t.memberId),
    uniqueIndex('inbox_messages_cause_key').on(t.causeKind, t.causeId, t.templateKey, t.memberId),
    index('inbox_messages_member_idx').on(t.memberId, t.id),
    index('inbox_messages_unread_idx').on(t.memberId).where(sql`${t.readAt} is null`),
  ],
);

/** An uploaded list of members (codes or mobiles), usable as a notification's audience. */
export const notificationAudienceUploads = pgTable('notification_audience_uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdBy: integer('created_by').notNull(),
  rowsTotal: integer('rows_total').notNull(),
  members: integer('members').notNull(),
  errorReportId: integer('error_report_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationAudienceMembers = pgTable(
  'notification_audience_members',
  {
    uploadId: integer('upload_id').notNull(),
    memberId: integer('member_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.memberId] })],
);

/** Update Version: each change is a new row; the newest row of a platform is its current setting. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** android | ios */
    platform: text('platform').notNull(),
    latest: text('latest').notNull(),
    minimum: text('minimum').notNull(),
    force: boolean('force').notNull().default(false),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_versions_platform_idx').on(t.platform, t.id)],
);

export type NotificationRecord = typeof notifications.$inferSelect;
