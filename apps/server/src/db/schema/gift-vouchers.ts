import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff';

/** One spreadsheet of voucher codes applied to stock (its vouchers carry its id). */
export const giftVoucherUploads = pgTable('gift_voucher_uploads', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  rowsApplied: integer('rows_applied').notNull(),
  uploadedBy: integer('uploaded_by').references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Gift voucher stock (PRODUCT.md 3.6). A code is unique within its brand (brands compare without
 * case). The PIN is AES-256-GCM ciphertext (lib/field-crypto.ts); only its length is kept in clear,
 * for the mask. `available → issued` (to exactly one redemption: `redemption_id` is unique), or
 * `expired` / `void` by staff or the daily sweep.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brand: text('brand').notNull(),
    denominationPaise: integer('denomination_paise').notNull(),
    code: text('code').notNull(),
    pinCipher: text('pin_cipher'),
    pinLength: smallint('pin_length'),
    expiresOn: date('expires_on').notNull(),
    /** available | issued | expired | void */
    status: text('status').notNull().default('available'),
    /** Why it was voided or expired by hand. */
    statusReason: text('status_reason'),
    redemptionId: bigint('redemption_id', { mode: 'number' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    uploadId: integer('upload_id').references(() => giftVoucherUploads.id),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_vouchers_brand_code_key').on(sql`lower(${t.brand})`, t.code),
    uniqueIndex('gift_vouchers_redemption_key').on(t.redemptionId),
    // takeVoucher: the oldest-expiring available voucher of a brand and denomination.
    index('gift_vouchers_take_idx')
      .on(sql`lower(${t.brand})`, t.denominationPaise, t.expiresOn, t.id)
      .where(sql`status = 'available'`),
    index('gift_vouchers_status_idx').on(t.status, t.id),
    index('gift_vouchers_created_idx').on(t.createdAt, t.id),
    index('gift_vouchers_issued_idx').on(t.issuedAt, t.id).where(sql`issued_at is not null`),
    check('gift_vouchers_status_check', sql`status in ('available', 'issued', 'expired', 'void')`),
    check('gift_vouchers_denomination_check', sql`denomination_paise > 0`),
    check(
      'gift_vouchers_issued_check',
      sql`(status = 'issued') = (redemption_id is not null and issued_at is not null)`,
    ),
  ],
);

/**
 * E-vouchers bought from the provider: one order per voucher redemption that found no
 * uploaded stock. `po_number` (ours, `RDMV<redemption id>`) is the provider's order reference: it is
 * unique here and at the provider, and a retry first asks the provider for the order under it, so a
 * redemption is never bought twice. `queued → sending` (committed before the request leaves) `→ placed`
 * (the voucher stored, sealed, and issued) `| failed` (the provider refused: the redemption waits,
 * finance retries) `| cancelled` (the redemption got a voucher from stock meanwhile, or left approval).
 */
export const voucherOrders = pgTable(
  'voucher_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    redemptionId: bigint('redemption_id', { mode: 'number' }).notNull(),
    poNumber: text('po_number').notNull(),
    provider: text('provider').notNull(),
    brand: text('brand').notNull(),
    denominationPaise: integer('denomination_paise').notNull(),
    productId: integer('product_id'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerOrderId: text('provider_order_id'),
    /** What the provider charged for it, in paise (Plum's `amountCharged`, INR). */
    chargedPaise: integer('charged_paise'),
    error: text('error'),
    voucherId: bigint('voucher_id', { mode: 'number' }),
    retriedBy: integer('retried_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_orders_redemption_key').on(t.redemptionId),
    uniqueIndex('voucher_orders_po_key').on(t.poNumber),
    index('voucher_orders_status_idx').on(t.status, t.id),
    check(
      'voucher_orders_status_check',
      sql`status in ('queued', 'sending', 'placed', 'failed', 'cancelled')`,
    ),
  ],
);
