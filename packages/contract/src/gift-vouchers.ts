import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints, uploadEndpoints } from './endpoint-kits';
import { idParam, idParams, recordId, text, uniqueArray } from './input';
import type { ReportDefinition } from './report-definition';
import { uploadResult } from './uploads';

/**
 * Gift vouchers (PRODUCT.md 3.6): e-voucher stock by brand and denomination. The PIN is encrypted at
 * rest and shown masked; revealing it is an audited action. A voucher is issued to one redemption.
 */

export const GIFT_VOUCHERS_PAGE = '/dashboard/managecoupon/Coupons';
export const USED_VOUCHERS_PAGE = '/dashboard/managecoupon/used_coupon';
export const BULK_VOUCHERS_PAGE = '/dashboard/managecoupon/bulk_coupon';
export const GIFT_VOUCHER_ENTITY = 'gift_voucher';
export const VOUCHER_UPLOAD_ENTITY = 'gift_voucher_upload';

export const VOUCHER_STATUSES = ['available', 'issued', 'expired', 'void'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = {
  available: 'Available',
  issued: 'Issued',
  expired: 'Expired',
  void: 'Void',
};

/** Data rows one voucher upload may hold (a supplier's batch); larger files are refused whole. */
export const MAX_VOUCHER_UPLOAD_ROWS = 100_000;
/** Vouchers one bulk void/expire may name by id (a filter may reach more). */
export const MAX_BULK_IDS = 1_000;
/** Highest denomination: ₹1,00,000. */
export const MAX_DENOMINATION_PAISE = 10_000_000;

export const VOUCHER_MESSAGES = {
  brandRequired: 'Brand is required',
  brandTooLong: 'At most 60 characters',
  denominationRequired: 'Denomination is required',
  denomination: 'Enter an amount in rupees from ₹1 to ₹1,00,000, with at most two decimals',
  codeRequired: 'Code is required',
  code: 'Use 4 to 64 letters, digits or dashes',
  pin: 'Use at most 32 letters or digits',
  expiryRequired: 'Expiry is required',
  expiryInvalid: 'Not a date: use DD/MM/YYYY',
  expiryPast: 'The expiry is in the past',
  codeTaken: 'This code of the brand is already in stock',
  codeInStock: (id: number) => `Already in stock (voucher #${id})`,
  repeated: (row: number) => `The same brand and code is also in row ${row}`,
  notAvailable: 'Only available vouchers can be voided or expired',
  selectionRequired: 'Choose vouchers or a filter',
  filterRequired: 'Choose at least one filter: the whole stock is never voided or expired at once',
  reasonRequired: 'Say why',
} as const;

/** Upload columns, in template order. */
export const VOUCHER_UPLOAD_COLUMNS = ['Brand', 'Denomination', 'Code', 'PIN', 'Expiry'] as const;
export type VoucherUploadColumn = (typeof VOUCHER_UPLOAD_COLUMNS)[number];

export const VOUCHER_CODE = /^[A-Za-z0-9][A-Za-z0-9-]{2,62}[A-Za-z0-9]$/;
export const VOUCHER_PIN = /^[A-Za-z0-9]{1,32}$/;

/** Rupees as typed ("500", "499.50") to paise, or null when it is not an allowed amount. */
export function rupeesToPaise(raw: string): number | null {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(raw.trim().replaceAll(',', ''));
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return paise >= 100 && paise <= MAX_DENOMINATION_PAISE ? paise : null;
}

const day = z.string({ error: VOUCHER_MESSAGES.expiryRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, {
  message: VOUCHER_MESSAGES.expiryInvalid,
});

export const voucherCreateBody = z.object({
  brand: text(60, { required: VOUCHER_MESSAGES.brandRequired, tooLong: VOUCHER_MESSAGES.brandTooLong }),
  denominationPaise: z
    .number({ error: VOUCHER_MESSAGES.denominationRequired })
    .int(VOUCHER_MESSAGES.denomination)
    .min(100, VOUCHER_MESSAGES.denomination)
    .max(MAX_DENOMINATION_PAISE, VOUCHER_MESSAGES.denomination),
  code: text(64, { required: VOUCHER_MESSAGES.codeRequired }).regex(VOUCHER_CODE, VOUCHER_MESSAGES.code),
  pin: text(32)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || VOUCHER_PIN.test(v), VOUCHER_MESSAGES.pin),
  expiresOn: day,
});
export type VoucherCreateBody = z.infer<typeof voucherCreateBody>;

export const voucherRow = z.object({
  id: z.number().int(),
  brand: z.string(),
  denominationPaise: z.number().int(),
  code: z.string(),
  /** `XXXXXX`, or null when the voucher has no PIN. */
  pinMasked: z.string().nullable(),
  expiresOn: z.string(),
  /** As users see it: an available voucher past its expiry reads `expired`. */
  status: z.enum(VOUCHER_STATUSES),
  redemptionId: z.number().int().nullable(),
  issuedAt: z.string().nullable(),
  uploadId: z.number().int().nullable(),
  statusReason: z.string().nullable(),
  createdAt: z.string(),
});
export type VoucherRow = z.infer<typeof voucherRow>;

/** Used Coupon: an issued voucher with its redemption and member. */
export const usedVoucherRow = voucherRow.extend({
  memberId: z.number().int().nullable(),
  memberCode: z.string().nullable(),
  memberName: z.string().nullable(),
});
export type UsedVoucherRow = z.infer<typeof usedVoucherRow>;

export const voucherSummaryRow = z.object({
  brand: z.string(),
  denominationPaise: z.number().int(),
  available: z.number().int(),
  issued: z.number().int(),
  expired: z.number().int(),
  void: z.number().int(),
  /** Available vouchers expiring within 30 days. */
  expiringSoon: z.number().int(),
});
export type VoucherSummaryRow = z.infer<typeof voucherSummaryRow>;

export const voucherRevealed = z.object({ pin: z.string() });

export const BULK_VOUCHER_ACTIONS = ['void', 'expire'] as const;
export type BulkVoucherAction = (typeof BULK_VOUCHER_ACTIONS)[number];

/** Bulk void or expire: the chosen ids, or every available voucher of a list filter. */
export const voucherBulkBody = z
  .object({
    action: z.enum(BULK_VOUCHER_ACTIONS),
    ids: uniqueArray(recordId(), MAX_BULK_IDS).optional(),
    /** The Gift Vouchers list filter (brand, denomination, status, expiry days). */
    filter: z.record(text(40), z.union([text(200), z.number()])).optional(),
    reason: text(200, { required: VOUCHER_MESSAGES.reasonRequired, multiline: true }),
  })
  .refine((b) => (b.ids && b.ids.length > 0) || b.filter !== undefined, {
    message: VOUCHER_MESSAGES.selectionRequired,
    path: ['ids'],
  });
export type VoucherBulkBody = z.infer<typeof voucherBulkBody>;

export const voucherBulkResult = z.object({
  changed: z.number().int(),
  /** Chosen vouchers that were not available (issued, already expired or void). */
  skipped: z.number().int(),
});
export type VoucherBulkResult = z.infer<typeof voucherBulkResult>;

export const voucherUploadResult = uploadResult.extend({
  /** The upload's record (its vouchers carry it), when anything was applied. */
  uploadId: z.number().int().nullable(),
});
export type VoucherUploadResult = z.infer<typeof voucherUploadResult>;

export const voucherUploadRow = z.object({
  id: z.number().int(),
  fileName: z.string(),
  rowsApplied: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type VoucherUploadRow = z.infer<typeof voucherUploadRow>;

export const voucherIdParams = z.object({ id: idParam });

/** The gift voucher report type, spread into the catalogue in reports.ts. */
export const GIFT_VOUCHER_REPORTS = [
  {
    key: 'gift_vouchers',
    label: 'Gift vouchers',
    permission: GIFT_VOUCHERS_PAGE,
    dateField: 'Voucher added',
  },
] as const satisfies readonly ReportDefinition[];

const stock = { page: GIFT_VOUCHERS_PAGE } as const;
const bulkPage = { page: BULK_VOUCHERS_PAGE } as const;
const tags = ['gift vouchers'];

/** Gift Vouchers (stock, summary, add one, reveal a PIN), Used Coupon, Update Bulk Coupon. */
export const giftVouchersEndpoints = {
  ...listEndpoints('/admin/gift-vouchers', {
    access: stock,
    row: voucherRow,
    tags,
    summary: 'Voucher stock, newest first; PINs masked',
  }),
  /** Update Bulk Coupon chooses what to void or expire from the same list, under its own page. */
  bulk: listEndpoints('/admin/gift-vouchers/bulk', {
    access: bulkPage,
    row: voucherRow,
    tags,
    summary: 'Voucher stock for bulk void or expire; PINs masked',
  }),
  used: listEndpoints('/admin/used-vouchers', {
    access: { page: USED_VOUCHERS_PAGE },
    row: usedVoucherRow,
    tags,
    summary: 'Issued vouchers with their redemption',
  }),
  summary: endpoint({
    method: 'GET',
    path: '/admin/gift-vouchers/summary',
    access: stock,
    tags,
    summary: 'Stock by brand and denomination, by status',
    response: z.array(voucherSummaryRow),
  }),
  /** The brand filter of the three voucher pages: brand names are not sensitive. */
  brands: endpoint({
    method: 'GET',
    path: '/admin/gift-vouchers/brands',
    access: 'staff',
    tags,
    summary: 'Brands in stock, for filters',
    response: z.array(z.string()),
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/gift-vouchers/:id',
    access: stock,
    tags,
    summary: 'One voucher, PIN masked',
    params: idParams,
    response: voucherRow,
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/gift-vouchers',
    access: { action: 'gift-vouchers.add' },
    tags,
    summary: 'Add one voucher to stock',
    body: voucherCreateBody,
    response: voucherRow,
  }),
  reveal: endpoint({
    method: 'POST',
    path: '/admin/gift-vouchers/:id/reveal',
    access: { action: 'gift-vouchers.reveal' },
    tags,
    summary: 'Show the full PIN (audited)',
    params: idParams,
    response: voucherRevealed,
  }),
  retire: endpoint({
    method: 'POST',
    path: '/admin/gift-vouchers/bulk-status',
    access: { action: 'gift-vouchers.retire' },
    tags,
    summary: 'Void or expire available vouchers: chosen ids, or every one a list filter selects',
    body: voucherBulkBody,
    response: voucherBulkResult,
  }),
  upload: uploadEndpoints(
    {
      upload: '/admin/gift-vouchers/upload',
      template: '/admin/gift-vouchers/template',
      errors: '/admin/gift-vouchers/upload/errors',
    },
    {
      access: bulkPage,
      write: { action: 'gift-vouchers.upload' },
      tags,
      summary:
        'Add vouchers from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
      result: voucherUploadResult,
    },
  ),
  uploads: listEndpoints('/admin/gift-voucher-uploads', {
    access: bulkPage,
    row: voucherUploadRow,
    tags,
    summary: 'Voucher uploads, newest first',
  }),
};
