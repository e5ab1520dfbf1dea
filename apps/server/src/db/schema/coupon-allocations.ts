import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { distributors, invoiceLines } from './invoices';
import { staff } from './staff';

/** Coupons made live against an invoice line (Coupon Allocation / Allocation History). */
export const couponAllocations = pgTable(
  'coupon_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceLineId: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
    /**
     * The invoice's distributor, copied by `insertAllocation` (invoices never change), so that a scan
     * reaches the distributor's state in one step instead of through line and invoice.
     */
    distributorId: integer('distributor_id').references(() => distributors.id),
    /** range | next | replacement */
    mode: text('mode').notNull(),
    fromSerial: bigint('from_serial', { mode: 'number' }),
    toSerial: bigint('to_serial', { mode: 'number' }),
    quantity: integer('quantity').notNull(),
    /** active | undone */
    status: text('status').notNull().default('active'),
    /** Codes returned to stock by the undo. */
    returned: integer('returned').notNull().default(0),
    undoReason: text('undo_reason'),
    undoneBy: integer('undone_by').references(() => staff.id),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_allocations_line_idx').on(t.invoiceLineId)],
);
