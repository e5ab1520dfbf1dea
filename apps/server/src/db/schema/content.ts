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

/**
 * Content the member app shows (PRODUCT.md §3.8). Every record is archived (`active` false), never
 * deleted; the app shows active records only; `sort_order` orders the app's lists, ascending. Images are files (modules/files)
 * referenced by id and served through the owning record's route.
 */
const common = {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const socialLinks = pgTable('social_links', {
  ...common,
  platform: text('platform').notNull(),
  url: text('url').notNull(),
});

/**
 * Terms, privacy policy, scheme rules and FAQ, each a series of versions: `draft` → `published`;
 * publishing one supersedes the published version of its kind (at most one published per kind).
 * Text (`markdown` | `plain`, in `body`) or a PDF (`file_id`).
 */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    format: text('format').notNull(),
    body: text('body'),
    /** `{ hi: { title, body }, mr: …, gu: …, ta: … }`: the other languages of the member app. */
    translations: jsonb('translations')
      .$type<Partial<Record<string, { title?: string | null; body?: string | null } | null>>>()
      .notNull()
      .default({}),
    fileId: bigint('file_id', { mode: 'number' }),
    /** draft | published | superseded | archived */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_kind_version_key').on(t.kind, t.version),
    uniqueIndex('documents_one_published_key').on(t.kind).where(sql`status = 'published'`),
  ],
);

export const virtualRooms = pgTable('virtual_rooms', {
  ...common,
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageFileId: bigint('image_file_id', { mode: 'number' }),
  videoUrl: text('video_url'),
  productIds: bigint('product_ids', { mode: 'number' }).array().notNull().default([]),
});

export const galleryAlbums = pgTable('gallery_albums', {
  ...common,
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
});

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    albumId: bigint('album_id', { mode: 'number' }).notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    caption: text('caption').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gallery_images_album_idx').on(t.albumId, t.sortOrder)],
);

/** Banners: empty `member_types` / `states` mean everyone; days are IST calendar days, inclusive. */
export const banners = pgTable('banners', {
  ...common,
  title: text('title').notNull(),
  imageFileId: bigint('image_file_id', { mode: 'number' }).notNull(),
  linkUrl: text('link_url'),
  memberTypes: text('member_types').array().notNull().default([]),
  states: text('states').array().notNull().default([]),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
});

/** Events; `registered` counts live registrations and never exceeds `capacity` (a CHECK as well). */
export const events = pgTable(
  'events',
  {
    ...common,
    title: text('title').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    venue: text('venue').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    registered: integer('registered').notNull().default(0),
    imageFileIds: bigint('image_file_ids', { mode: 'number' }).array().notNull().default([]),
  },
  (t) => [check('events_registered_check', sql`${t.registered} between 0 and ${t.capacity}`)],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** registered | cancelled */
    status: text('status').notNull().default('registered'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('event_registrations_member_key').on(t.eventId, t.memberId)],
);
