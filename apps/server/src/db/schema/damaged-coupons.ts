import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files';
import { staff } from './staff';

/** A report of damaged coupons, decided by a second person (maker-checker). */
export const damagedReports = pgTable('damaged_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** single | range | upload */
  mode: text('mode').notNull(),
  /** torn | unreadable | misprint | lost */
  reason: text('reason').notNull(),
  note: text('note'),
  photoFileId: integer('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
  quantity: integer('quantity').notNull(),
  /** pending | approved | rejected */
  status: text('status').notNull().default('pending'),
  reportedBy: integer('reported_by')
    .notNull()
    .references(() => staff.id),
  decidedBy: integer('decided_by').references(() => staff.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionNote: text('decision_note'),
  /** On approval: coupons voided and replacements issued. */
  voided: integer('voided'),
  replaced: integer('replaced'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const damagedReportItems = pgTable(
  'damaged_report_items',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => damagedReports.id),
    serial: bigint('serial', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.serial] }),
    index('damaged_report_items_serial_idx').on(t.serial),
  ],
);
