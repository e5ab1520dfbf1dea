import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, recordId, text } from './input';

/** Coupon Allocation (`/dashboard/coupon-allocation`) and Allocation History (`/dashboard/allocation-history`). */

export const ALLOCATION_PAGE = '/dashboard/coupon-allocation';
export const ALLOCATION_HISTORY_PAGE = '/dashboard/allocation-history';
export const ALLOCATION_ENTITY = 'coupon_allocation';
export const ALLOCATION_MODES = ['range', 'next', 'replacement'] as const;

export const ALLOCATION_MESSAGES = {
  lineRequired: 'Choose an invoice line',
  lineUnknown: 'This invoice line does not exist',
  modeRequired: 'Choose serial range or next in stock',
  serial: 'Enter a serial number',
  fromRequired: 'From serial is required',
  toRequired: 'To serial is required',
  toBeforeFrom: 'To serial must not be below the from serial',
  quantityRequired: 'Quantity is required',
  quantity: 'Quantity must be a whole number from 1',
  reasonRequired: 'Give a reason (at least 3 characters)',
  reasonTooLong: 'At most 500 characters',
  alreadyUndone: 'This allocation has already been undone',
} as const;

/** Over the line's quantity: says how many are left. */
export const overQuantityMessage = (remaining: number) =>
  remaining === 0
    ? 'This invoice line is fully allocated'
    : `Only ${remaining} more coupon${remaining === 1 ? '' : 's'} can be allocated to this line`;

const serial = z
  .number({ error: ALLOCATION_MESSAGES.serial })
  .int(ALLOCATION_MESSAGES.serial)
  .positive(ALLOCATION_MESSAGES.serial);

export const allocationCreateBody = z
  .object({
    invoiceLineId: recordId(ALLOCATION_MESSAGES.lineRequired),
    mode: z.enum(['range', 'next'], { error: ALLOCATION_MESSAGES.modeRequired }),
    fromSerial: serial.nullish(),
    toSerial: serial.nullish(),
    quantity: z.number().int(ALLOCATION_MESSAGES.quantity).min(1, ALLOCATION_MESSAGES.quantity).nullish(),
  })
  .superRefine((b, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.mode === 'next' && b.quantity == null) add('quantity', ALLOCATION_MESSAGES.quantityRequired);
    if (b.mode !== 'range') return;
    if (b.fromSerial == null) add('fromSerial', ALLOCATION_MESSAGES.fromRequired);
    if (b.toSerial == null) add('toSerial', ALLOCATION_MESSAGES.toRequired);
    if (b.fromSerial != null && b.toSerial != null && b.toSerial < b.fromSerial)
      add('toSerial', ALLOCATION_MESSAGES.toBeforeFrom);
  });
export type AllocationCreateBody = z.infer<typeof allocationCreateBody>;

export const allocationUndoBody = z.object({
  reason: text(500, {
    required: ALLOCATION_MESSAGES.reasonRequired,
    tooLong: ALLOCATION_MESSAGES.reasonTooLong,
    multiline: true,
  }).min(3, ALLOCATION_MESSAGES.reasonRequired),
});
export type AllocationUndoBody = z.infer<typeof allocationUndoBody>;

export const allocationRow = z.object({
  id: z.number().int(),
  invoiceLineId: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  distributorCode: z.string(),
  distributorName: z.string(),
  sku: z.string(),
  mode: z.enum(ALLOCATION_MODES),
  fromSerial: z.number().int().nullable(),
  toSerial: z.number().int().nullable(),
  quantity: z.number().int(),
  status: z.enum(['active', 'undone']),
  returned: z.number().int(),
  undoReason: z.string().nullable(),
  undoneByName: z.string().nullable(),
  undoneAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AllocationRow = z.infer<typeof allocationRow>;

/** An invoice line as the allocation page offers it. */
export const allocatableLine = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  distributorName: z.string(),
  productId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  allocated: z.number().int(),
  remaining: z.number().int(),
  /** Printed, unallocated, unexpired coupons of the SKU. */
  inStock: z.number().int(),
});
export type AllocatableLine = z.infer<typeof allocatableLine>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['coupons'] as const;
const history = { page: ALLOCATION_HISTORY_PAGE } as const;

/** Coupon Allocation (the lines to allocate to, allocate) and Allocation History (list, one, undo). */
export const couponAllocationsEndpoints = {
  lines: listEndpoints('/admin/coupon-allocations/lines', {
    access: { page: ALLOCATION_PAGE },
    row: allocatableLine,
    tags,
    summary: 'Invoice lines to allocate to, with remaining quantity and stock of their SKU',
  }),
  allocate: endpoint({
    method: 'POST',
    path: '/admin/coupon-allocations',
    access: { action: 'coupon-allocations.allocate' },
    tags,
    summary: 'Allocate printed coupons (serial range or next N in stock) to an invoice line',
    body: allocationCreateBody,
    response: allocationRow,
  }),
  ...listEndpoints('/admin/coupon-allocations', {
    access: history,
    row: allocationRow,
    tags,
    summary: 'Allocation history',
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/coupon-allocations/:id',
    access: history,
    tags,
    summary: 'One allocation',
    params: idParams,
    response: allocationRow,
  }),
  undo: endpoint({
    method: 'POST',
    path: '/admin/coupon-allocations/:id/undo',
    access: { action: 'coupon-allocations.undo' },
    tags,
    summary: 'Undo an allocation: unscanned codes return to printed stock',
    params: idParams,
    body: allocationUndoBody,
    response: allocationRow,
  }),
};
