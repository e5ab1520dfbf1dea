import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints, uploadEndpoints } from './endpoint-kits';
import { idParam, text } from './input';
import { basePoints } from './products';
import { uploadResult } from './uploads';

/**
 * Update Scheme Points (`/dashboard/updateSchemePoints`, PRODUCT.md §3.4): a SKU's base points, changed
 * from a chosen day. Every change is one history row; a scan earns the points in force at scan time.
 */
export const SCHEME_POINTS_PAGE = '/dashboard/updateSchemePoints';
export const PRODUCT_POINTS_ENTITY = 'product_points';

export const SCHEME_POINTS_MESSAGES = {
  dateRequired: 'Enter the date it takes effect (YYYY-MM-DD)',
  pastDate: 'The date must be today or later',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'At most 200 characters',
  skuRequired: 'SKU is required',
  skuUnknown: 'No product has this SKU',
  sheetDateRequired: 'Enter the date it takes effect (DD/MM/YYYY)',
  sheetDateInvalid: 'Use a real date as DD/MM/YYYY',
  repeated: (row: number) => `The same SKU and Effective from are on row ${row}`,
} as const;

export const pointsChangeBody = z.object({
  points: basePoints,
  /** A calendar day in Asia/Kolkata; the points apply from 00:00 IST that day. Today or later. */
  effectiveFrom: z.iso.date({ error: SCHEME_POINTS_MESSAGES.dateRequired }),
  reason: text(200, {
    required: SCHEME_POINTS_MESSAGES.reasonRequired,
    tooLong: SCHEME_POINTS_MESSAGES.reasonTooLong,
    multiline: true,
  }),
});
export type PointsChangeBody = z.infer<typeof pointsChangeBody>;

/** The grid: each SKU with the points in force now and the next scheduled change, if any. */
export const skuPointsRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  active: z.boolean(),
  currentPoints: z.number().int(),
  nextPoints: z.number().int().nullable(),
  nextEffectiveFrom: z.string().nullable(),
});
export type SkuPointsRow = z.infer<typeof skuPointsRow>;

export const pointsChangeRow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  points: z.number().int(),
  effectiveFrom: z.string(),
  reason: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsChangeRow = z.infer<typeof pointsChangeRow>;

export const SKU_POINTS_FILTERS = ['q', 'active'] as const;
export const POINTS_CHANGE_FILTERS = ['q', 'productId'] as const;

/** The upload template's columns, in order (the header row must name them, in any order). */
export const POINTS_UPLOAD_COLUMNS = ['SKU', 'Points', 'Effective from', 'Reason'] as const;
export type PointsUploadColumn = (typeof POINTS_UPLOAD_COLUMNS)[number];

/** The answer to a points upload: nothing is applied from a file with errors unless asked to. */
export const pointsUploadResult = uploadResult;
export type PointsUploadResult = z.infer<typeof pointsUploadResult>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['scheme points'] as const;
const read = { page: SCHEME_POINTS_PAGE } as const;

/** Update Scheme Points: the grid of SKUs, a change, the history, and the spreadsheet upload. */
export const schemePointsEndpoints = {
  ...listEndpoints('/admin/scheme-points', {
    access: read,
    row: skuPointsRow,
    tags,
    summary: 'SKUs with the points in force and the next scheduled change',
  }),
  history: listEndpoints('/admin/scheme-points/history', {
    access: read,
    row: pointsChangeRow,
    tags,
    summary: 'Every base points change',
  }),
  change: endpoint({
    method: 'POST',
    path: '/admin/scheme-points/:productId',
    access: { action: 'scheme-points.update' },
    tags,
    summary: 'Change a SKU’s base points from a day on',
    params: z.object({ productId: idParam }),
    body: pointsChangeBody,
    response: pointsChangeRow,
  }),
  upload: uploadEndpoints(
    {
      upload: '/admin/scheme-points/upload',
      template: '/admin/scheme-points/template',
      errors: '/admin/scheme-points/upload/errors',
    },
    {
      access: read,
      write: { action: 'scheme-points.update' },
      tags,
      summary:
        'Change many SKUs’ points from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
      result: pointsUploadResult,
    },
  ),
};
