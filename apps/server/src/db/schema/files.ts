import { bigserial, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Stored files (uploads, generated reports, print files). Content lives in `file_chunks`. */
export const files = pgTable('files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull().default(0),
  sha256: text('sha256'),
  /** writing | ready */
  status: text('status').notNull().default('writing'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
