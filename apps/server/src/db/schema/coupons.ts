import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './products';
import { staff } from './staff';
import { tasks } from './tasks';

/** The global serial printed under each QR; batches reserve contiguous blocks of it. */
export const couponSerialSeq = pgSequence('coupon_serial_seq', { startWith: 100001 });

export const couponStatus = pgEnum('coupon_status', ['generated', 'printed', 'active', 'scanned', 'damaged']);

/** A batch of codes for one SKU: serials first..last, filled by a background task. */
export const couponBatches = pgTable('coupon_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  quantity: integer('quantity').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  note: text('note'),
  /** generating | ready | failed */
  status: text('status').notNull().default('generating'),
  firstSerial: bigint('first_serial', { mode: 'number' }).notNull(),
  lastSerial: bigint('last_serial', { mode: 'number' }).notNull(),
  /** Set on replacement batches: the damaged-coupon report they replace codes for. */
  damagedReportId: integer('damaged_report_id'),
  taskId: integer('task_id').references(() => tasks.id),
  error: text('error'),
  createdBy: integer('created_by').references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
});

/**
 * One row per code, kept narrow: there may be tens of millions. The serial is the key; the code is
 * unique; allocation_id says which allocation made it live.
 */
export const coupons = pgTable(
  'coupons',
  {
    serial: bigint('serial', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique('coupons_code_key'),
    batchId: integer('batch_id').notNull(),
    status: couponStatus('status').notNull().default('generated'),
    allocationId: integer('allocation_id'),
    /** A replacement coupon names the damaged coupon it replaces. */
    replacesSerial: bigint('replaces_serial', { mode: 'number' }),
  },
  (t) => [
    // An invoice's coupons in serial order (Invoice Wise pages); status and batch ride along so the
    // page's count reads this index alone (10,000 coupons of an invoice at 10M: 36 -> 16 ms).
    index('coupons_allocation_idx')
      .on(t.allocationId, t.serial, t.status, t.batchId)
      .where(sql`${t.allocationId} is not null`),
    // Stock waiting for allocation, oldest first: "next N in stock" reads this small index.
    index('coupons_in_stock_idx').on(t.batchId, t.serial).where(sql`${t.status} = 'printed'`),
  ],
);

/**
 * Coupons per batch and stored state, kept in the same transaction as every state change, so that
 * stock and summary pages never count tens of millions of rows. Each (batch, state) is split over
 * shard rows and a state change adds to the shard of its database connection (`coupon_count_shard()`): concurrent
 * scans of one batch then update different rows instead of queueing on one row lock until commit.
 * A shard may go negative (codes leave from one shard and arrive in another); only the sum over
 * shards means anything, and every reader sums.
 */
export const couponCounts = pgTable(
  'coupon_counts',
  {
    batchId: integer('batch_id').notNull(),
    status: couponStatus('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.status, t.shard] })],
);
