import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, recordId } from './input';

/** Punch History (`/dashboard/printCoupon`): print files of a batch or serial range. */

export const PRINT_PAGE = '/dashboard/printCoupon';
export const PRINT_ENTITY = 'coupon_print';
export const PRINT_LAYOUTS = ['a4', 'thermal'] as const;
export const PRINT_LAYOUT_LABELS = {
  a4: 'A4 sheet, 40 labels',
  thermal: 'Thermal label 50 × 25 mm',
} as const;
export const MAX_PRINT_LABELS = 10_000_000;
export const PRINT_STATUSES = ['rendering', 'ready', 'failed'] as const;

export const PRINT_MESSAGES = {
  rangeRequired: 'Choose a batch or enter a serial range',
  fromRequired: 'From serial is required',
  toRequired: 'To serial is required',
  toBeforeFrom: 'To serial must not be below the from serial',
  serial: 'Enter a serial number',
  layoutRequired: 'Choose a layout',
  copies: 'Copies must be from 1 to 5',
  batchUnknown: 'This batch does not exist',
  batchNotReady: 'This batch is still being generated or has failed',
  outsideBatch: 'The range must lie inside the batch',
  tooMany: `At most ${MAX_PRINT_LABELS.toLocaleString('en-IN')} labels in one print`,
  notReady: 'The print file is not ready yet',
} as const;

const serial = z
  .number({ error: PRINT_MESSAGES.serial })
  .int(PRINT_MESSAGES.serial)
  .positive(PRINT_MESSAGES.serial);

export const printCreateBody = z
  .object({
    batchId: recordId().nullish(),
    fromSerial: serial.nullish(),
    toSerial: serial.nullish(),
    layout: z.enum(PRINT_LAYOUTS, { error: PRINT_MESSAGES.layoutRequired }),
    copies: z
      .number()
      .int(PRINT_MESSAGES.copies)
      .min(1, PRINT_MESSAGES.copies)
      .max(5, PRINT_MESSAGES.copies)
      .default(1),
  })
  .superRefine((b, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!b.batchId && b.fromSerial == null && b.toSerial == null)
      add('batchId', PRINT_MESSAGES.rangeRequired);
    else if (!b.batchId || b.fromSerial != null || b.toSerial != null) {
      if (b.fromSerial == null) add('fromSerial', PRINT_MESSAGES.fromRequired);
      if (b.toSerial == null) add('toSerial', PRINT_MESSAGES.toRequired);
    }
    if (b.fromSerial != null && b.toSerial != null && b.toSerial < b.fromSerial)
      add('toSerial', PRINT_MESSAGES.toBeforeFrom);
  });
export type PrintCreateBody = z.infer<typeof printCreateBody>;

export const printRow = z.object({
  id: z.number().int(),
  batchId: z.number().int().nullable(),
  sku: z.string().nullable(),
  fromSerial: z.number().int(),
  toSerial: z.number().int(),
  layout: z.enum(PRINT_LAYOUTS),
  copies: z.number().int(),
  labels: z.number().int(),
  reprint: z.boolean(),
  status: z.enum(PRINT_STATUSES),
  done: z.number().int(),
  total: z.number().int().nullable(),
  fileId: z.number().int().nullable(),
  error: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PrintRow = z.infer<typeof printRow>;

export const PRINT_FILTERS = ['batchId', 'layout', 'reprint', 'status', 'serial', 'from', 'to'] as const;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['coupons'] as const;
const read = { page: PRINT_PAGE } as const;

/** Print Coupon: the punch history, one record, a new print and its PDF. */
export const couponPrintsEndpoints = {
  ...listEndpoints('/admin/coupon-prints', { access: read, row: printRow, tags, summary: 'Punch history' }),
  one: endpoint({
    method: 'GET',
    path: '/admin/coupon-prints/:id',
    access: read,
    tags,
    summary: 'One punch record',
    params: idParams,
    response: printRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/coupon-prints',
    access: { action: 'coupon-prints.create' },
    tags,
    summary: 'Print a batch or serial range; the PDF renders in the background',
    body: printCreateBody,
    response: printRow,
  }),
  file: endpoint({
    method: 'GET',
    path: '/admin/coupon-prints/:id/file',
    access: read,
    tags,
    summary: 'Download the print file (PDF)',
    params: idParams,
    file: true,
  }),
};
