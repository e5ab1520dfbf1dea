import { z } from 'zod';
import { couponCountsSchema } from './coupon-batches';
import { COUPON_STATUSES } from './coupons';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams } from './input';
import { invoiceDetail, invoiceRow } from './invoices';

/** Coupon Stock Details, Coupons Dashboard Summary and Invoice Wise Coupon Details (PRODUCT.md 3.3). */

export const STOCK_PAGE = '/dashboard/coupon-stock-report';
export const SUMMARY_PAGE = '/dashboard/coupon-dashboard-summary';
export const INVOICE_WISE_PAGE = '/dashboard/invoice-wise-coupon';

/**
 * One batch's stock. `liabilityPoints` is active codes × `points`, the SKU's points in force now
 * (Update Scheme Points), what a scan credits before schemes. Schemes make a scan worth more:
 * `schemePoints` is the most the schemes in force today add to one scan (the highest multiplier, every
 * fixed bonus, each slab bonus as its share of one scan, for the members they apply to), and
 * `liabilityWithSchemesPoints` = active × (points + schemePoints), rounded up: what the programme may
 * have to pay for its live codes at today's schemes.
 */
export const stockRow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  points: z.number().int(),
  schemePoints: z.number(),
  quantity: z.number().int(),
  expiresOn: z.string(),
  expired: z.boolean(),
  createdAt: z.string(),
  counts: couponCountsSchema,
  liabilityPoints: z.number().int(),
  liabilityWithSchemesPoints: z.number().int(),
});
export type StockRow = z.infer<typeof stockRow>;

export const skuStock = z.object({
  productId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  batches: z.number().int(),
  counts: couponCountsSchema,
  /** As on stockRow: at the points in force, and with the schemes in force today at most. */
  liabilityPoints: z.number().int(),
  liabilityWithSchemesPoints: z.number().int(),
});
export type SkuStock = z.infer<typeof skuStock>;

export const summaryQuery = z.object({
  from: z.iso.date({ error: 'Enter a valid date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'Enter a valid date (YYYY-MM-DD)' }).optional(),
});

export const distributorStock = z.object({
  distributorId: z.number().int(),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  /** Codes allocated and still live or scanned. */
  allocated: z.number().int(),
  scanned: z.number().int(),
  scanRate: z.number(),
});

export const summaryDay = z.object({
  day: z.string(),
  generated: z.number().int(),
  allocated: z.number().int(),
  scanned: z.number().int(),
  damaged: z.number().int(),
});

export const couponSummary = z.object({
  from: z.string(),
  to: z.string(),
  totals: couponCountsSchema,
  /** Scanned ÷ (active + scanned): how much of the stock in the market has been redeemed. */
  scanRate: z.number(),
  perSku: z.array(skuStock.extend({ scanRate: z.number() })),
  perDistributor: z.array(distributorStock),
  days: z.array(summaryDay),
});
export type CouponSummary = z.infer<typeof couponSummary>;

export const invoiceCoupon = z.object({
  serial: z.number().int(),
  code: z.string(),
  sku: z.string(),
  status: z.enum(COUPON_STATUSES),
  allocationId: z.number().int(),
  scannedBy: z.string().nullable(),
  scannedAt: z.string().nullable(),
  points: z.number().int().nullable(),
});
export type InvoiceCoupon = z.infer<typeof invoiceCoupon>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['coupons'] as const;
const stock = { page: STOCK_PAGE } as const;
const invoiceWise = { page: INVOICE_WISE_PAGE } as const;

/** Coupon Stock Details (per batch, per SKU) and Coupons Dashboard Summary. */
export const couponStockEndpoints = {
  ...listEndpoints('/admin/coupon-stock', { access: stock, row: stockRow, tags, summary: 'Stock per batch' }),
  skus: endpoint({
    method: 'GET',
    path: '/admin/coupon-stock/skus',
    access: stock,
    tags,
    summary: 'Stock per SKU',
    response: z.array(skuStock),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/admin/coupon-summary',
    access: { page: SUMMARY_PAGE },
    tags,
    summary: 'Coupons dashboard summary',
    query: summaryQuery,
    response: couponSummary,
  }),
};

/** Invoice Wise Coupon Details: invoices to pick from, one invoice, each coupon of it. */
export const invoiceWiseCouponsEndpoints = {
  ...listEndpoints('/admin/invoice-wise-coupons', {
    access: invoiceWise,
    row: invoiceRow,
    tags,
    summary: 'Invoices to pick from',
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/invoice-wise-coupons/:id',
    access: invoiceWise,
    tags,
    summary: 'An invoice with its lines',
    params: idParams,
    response: invoiceDetail,
  }),
  coupons: listEndpoints('/admin/invoice-wise-coupons/:id/coupons', {
    access: invoiceWise,
    row: invoiceCoupon,
    tags,
    summary: 'Each coupon of an invoice: state, scanned by, when, points',
    params: idParams,
  }),
};
