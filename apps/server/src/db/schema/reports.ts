import { bigserial, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files';
import { staff } from './staff';
import { tasks } from './tasks';

/**
 * A report generated in the background (use 2 of the shell spec): what was asked, by whom, the task
 * that builds it and the stored file. Kept 7 days (`expires_at`), then neither listed nor served.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A key of the report catalogue (contract/reports.ts). */
    type: text('type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => staff.id),
    taskId: integer('task_id').references(() => tasks.id),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    rows: integer('rows'),
    size: integer('size'),
    /** queued | running | done; a failed build shows through its task's status. */
    status: text('status').notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reports_requested_by_idx').on(t.requestedBy, t.id),
    index('reports_expires_at_idx').on(t.expiresAt),
  ],
);
