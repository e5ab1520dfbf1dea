import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints, optionsEndpoint } from './endpoint-kits';
import { todayInIndia } from './format';
import { idParams, recordId, text } from './input';

/** Generate QR Code (`/dashboard/generatecoupon`): batches of codes for one SKU. */

export const GENERATE_PAGE = '/dashboard/generatecoupon';
export const BATCH_ENTITY = 'coupon_batch';
export const MAX_BATCH_QUANTITY = 10_000_000;
export const BATCH_STATUSES = ['generating', 'ready', 'failed'] as const;

export const BATCH_MESSAGES = {
  productRequired: 'Choose a product',
  productUnknown: 'This product does not exist',
  productInactive: 'This product is inactive',
  quantityRequired: 'Quantity is required',
  quantityRange: `Quantity must be a whole number from 1 to ${MAX_BATCH_QUANTITY.toLocaleString('en-IN')}`,
  expiryRequired: 'Expiry date is required',
  expiryPast: 'Expiry date must be today or later',
  noteTooLong: 'Note must be at most 500 characters',
  retryNotFailed: 'Only a failed batch can be generated again',
} as const;

export const batchCreateBody = z.object({
  productId: recordId(BATCH_MESSAGES.productRequired),
  quantity: z
    .number({ error: BATCH_MESSAGES.quantityRequired })
    .int(BATCH_MESSAGES.quantityRange)
    .min(1, BATCH_MESSAGES.quantityRange)
    .max(MAX_BATCH_QUANTITY, BATCH_MESSAGES.quantityRange),
  expiresOn: z.iso
    .date({ error: BATCH_MESSAGES.expiryRequired })
    .refine((d) => d >= todayInIndia(), BATCH_MESSAGES.expiryPast),
  note: text(500, { multiline: true, tooLong: BATCH_MESSAGES.noteTooLong })
    .nullish()
    .transform((v) => v || null),
});
export type BatchCreateBody = z.infer<typeof batchCreateBody>;

/** Codes of a batch per state; `expired` counts those past the expiry date, neither scanned nor damaged. */
export const couponCountsSchema = z.object({
  generated: z.number().int(),
  printed: z.number().int(),
  active: z.number().int(),
  scanned: z.number().int(),
  damaged: z.number().int(),
  expired: z.number().int(),
});
export type CouponCounts = z.infer<typeof couponCountsSchema>;

export const batchRow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  expiresOn: z.string(),
  note: z.string().nullable(),
  status: z.enum(BATCH_STATUSES),
  firstSerial: z.number().int(),
  lastSerial: z.number().int(),
  /** Codes stored so far (progress of the generating task). */
  done: z.number().int(),
  /** Why the batch failed, when it did; a failed batch can be retried. */
  error: z.string().nullable(),
  /** Its generation was cut off by a crash and is resuming (or about to) on another instance. */
  interrupted: z.boolean(),
  taskId: z.number().int().nullable(),
  replacement: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  counts: couponCountsSchema,
});
export type BatchRow = z.infer<typeof batchRow>;

/** For pickers on the print and damaged pages. */
export const batchOption = batchRow.pick({
  id: true,
  sku: true,
  productName: true,
  quantity: true,
  firstSerial: true,
  lastSerial: true,
  status: true,
  expiresOn: true,
});
export type BatchOption = z.infer<typeof batchOption>;

export const BATCH_FILTERS = ['q', 'productId', 'status', 'from', 'to'] as const;

/** Coupon batches. */
const batchTags = ['coupons'] as const;
const generatePage = { page: GENERATE_PAGE } as const;
const generating = { action: 'coupon-batches.generate' } as const;

/** Generate QR Code: batches (list, one, create, retry) and the ready batches' picker. */
export const couponBatchesEndpoints = {
  ...listEndpoints('/admin/coupon-batches', {
    access: generatePage,
    row: batchRow,
    tags: batchTags,
    summary: 'Coupon batches with status, serial range, progress and counts',
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/coupon-batches/:id',
    access: generatePage,
    tags: batchTags,
    summary: 'One batch',
    params: idParams,
    response: batchRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/coupon-batches',
    access: generating,
    tags: batchTags,
    summary:
      'Create a batch; its codes are generated in the background. An Idempotency-Key makes a repeat return the first answer',
    body: batchCreateBody,
    response: batchRow,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/admin/coupon-batches/:id/retry',
    access: generating,
    tags: batchTags,
    summary: 'Generate a failed batch again',
    params: idParams,
    response: batchRow,
  }),
  // Pickers of the print and damaged pages, whose roles do not hold Generate QR Code.
  options: optionsEndpoint('/admin/coupon-batches/options', batchOption, 'Ready batches, for pickers', [
    'coupons',
  ]),
};
