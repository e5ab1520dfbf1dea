import { bigint, bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { couponBatches } from './coupons';
import { files } from './files';
import { staff } from './staff';
import { tasks } from './tasks';

/** A punch record: one print file of a serial range (Punch History). */
export const couponPrints = pgTable('coupon_prints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  batchId: integer('batch_id').references(() => couponBatches.id),
  fromSerial: bigint('from_serial', { mode: 'number' }).notNull(),
  toSerial: bigint('to_serial', { mode: 'number' }).notNull(),
  /** a4 | thermal */
  layout: text('layout').notNull(),
  copies: integer('copies').notNull().default(1),
  labels: integer('labels').notNull(),
  /** True when the range overlaps an earlier print. */
  reprint: boolean('reprint').notNull(),
  /** rendering | ready | failed */
  status: text('status').notNull().default('rendering'),
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  taskId: integer('task_id').references(() => tasks.id),
  createdBy: integer('created_by').references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
