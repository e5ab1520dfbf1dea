import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Stored files (uploads, generated reports, print files). Content lives in `file_chunks` or a bucket. Each file
 * says what it is for (purpose, FILE_PURPOSES of the contract) and who owns it: a staff member, a
 * member, or neither (made by the system). `attached_at` is set once a record references it.
 */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull().default(0),
    sha256: text('sha256'),
    /**
     * Where the content is: `postgres` (file_chunks) or `s3` (the object `files/<id>` of S3_BUCKET).
     * Each file keeps its own, so a bucket move can stop and go on, and reads never guess.
     */
    location: text('location').notNull().default('postgres'),
    /** writing | ready */
    status: text('status').notNull().default('writing'),
    purpose: text('purpose').notNull(),
    ownerStaffId: integer('owner_staff_id'),
    ownerMemberId: integer('owner_member_id'),
    /** A BDE's upload from the field app (an employee id). */
    ownerEmployeeId: integer('owner_employee_id'),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    /** A small image stored beside an uploaded image (its own file, purpose `thumbnail`). */
    thumbnailId: integer('thumbnail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('files_location', sql`${t.location} in ('postgres', 's3')`),
    check(
      'files_one_owner',
      sql`num_nonnulls(${t.ownerStaffId}, ${t.ownerMemberId}, ${t.ownerEmployeeId}) <= 1`,
    ),
  ],
);

/** Files are chunked so that large files stream in and out without being held in memory. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
