import { sql } from 'drizzle-orm';
import {
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
import { files } from './files';
import { products } from './products';
import { staff } from './staff';

export const distributors = pgTable('distributors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  gstin: text('gstin'),
  state: text('state').notNull(),
  city: text('city').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A spreadsheet of invoices: what arrived, who sent it and what became of its rows. */
export const invoiceUploads = pgTable('invoice_uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fileName: text('file_name').notNull(),
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  errorFileId: integer('error_file_id').references(() => files.id, { onDelete: 'set null' }),
  /** applied | has_errors | partially_applied */
  status: text('status').notNull(),
  rowsTotal: integer('rows_total').notNull(),
  rowsApplied: integer('rows_applied').notNull().default(0),
  rowsFailed: integer('rows_failed').notNull(),
  invoicesCreated: integer('invoices_created').notNull().default(0),
  /** The first errors, for showing without downloading the report. */
  errors: jsonb('errors').notNull().default([]),
  createdBy: integer('created_by').references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    number: text('number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    uploadId: integer('upload_id').references(() => invoiceUploads.id),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_distributor_number_key').on(t.distributorId, t.number)],
);

/** A line of an invoice; `allocated` is the coupons currently live against it (never above quantity). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    allocated: integer('allocated').notNull().default(0),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    check('invoice_lines_allocated_check', sql`${t.allocated} between 0 and ${t.quantity}`),
  ],
);
