import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints, uploadEndpoints } from './endpoint-kits';
import { idParams, text } from './input';
import { deliveredBody, dispatchBody } from './redemptions';
import type { ReportDefinition } from './report-definition';
import { uploadResult } from './uploads';

/**
 * Courier Redemption (PRODUCT.md 3.6): approved gifts dispatched by courier (one by one or by upload),
 * then delivered or returned (the points go back once); a dispatch manifest for the courier.
 */
export const COURIER_PAGE = '/dashboard/approvals/courier_redemption';
export const COURIER_STATUSES = ['approved', 'dispatched', 'delivered', 'returned'] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export { deliveredBody, dispatchBody };
export const returnedBody = z.object({
  reason: text(500, { required: 'Say why the parcel came back', multiline: true }),
});

export const courierRow = z.object({
  id: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  memberMobile: z.string(),
  rewardName: z.string().nullable(),
  quantity: z.number().int(),
  points: z.number().int(),
  status: z.enum(COURIER_STATUSES),
  shipTo: z.string().nullable(),
  approvedAt: z.string().nullable(),
  courierCompany: z.string().nullable(),
  awb: z.string().nullable(),
  dispatchedOn: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type CourierRow = z.infer<typeof courierRow>;

export const DISPATCH_UPLOAD_COLUMNS = ['Redemption', 'Courier company', 'AWB', 'Dispatch date'] as const;
export type DispatchUploadColumn = (typeof DISPATCH_UPLOAD_COLUMNS)[number];

export const DISPATCH_MESSAGES = {
  redemptionRequired: 'Redemption number is required',
  redemptionUnknown: 'No gift redemption has this number',
  notApproved: (status: string) => `This redemption is ${status}: only approved gifts can be dispatched`,
  courierRequired: 'Courier company is required',
  awbRequired: 'AWB number is required',
  awbFormat: 'Use 4 to 40 letters, digits or dashes',
  dateRequired: 'Dispatch date is required',
  dateInvalid: 'Not a date: use DD/MM/YYYY',
  dateFuture: 'The dispatch date is in the future',
  dateBeforeRequest: 'The dispatch date is before the redemption was requested',
  repeated: (row: number) => `The same redemption is also in row ${row}`,
} as const;

export const dispatchUploadResult = uploadResult;
export type DispatchUploadResult = z.infer<typeof dispatchUploadResult>;

/** The courier dispatch report type, spread into the catalogue in reports.ts. */
export const COURIER_REPORTS = [
  {
    key: 'courier_dispatch',
    label: 'Courier dispatch',
    permission: COURIER_PAGE,
    dateField: 'Dispatch date',
  },
] as const satisfies readonly ReportDefinition[];

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['courier redemption'] as const;
const access = { page: COURIER_PAGE } as const;
const working = { action: 'courier.dispatch' } as const;

/** Courier Redemption: approved gifts, dispatch (one or by upload), delivered, returned, manifest. */
export const courierEndpoints = {
  ...listEndpoints('/admin/courier-redemptions', {
    access,
    row: courierRow,
    tags,
    summary: 'Approved gift redemptions and their shipping; the export is the dispatch manifest',
  }),
  dispatch: endpoint({
    method: 'POST',
    path: '/admin/courier-redemptions/:id/dispatch',
    access: working,
    tags,
    summary: 'Dispatch an approved gift',
    params: idParams,
    body: dispatchBody,
    response: courierRow,
  }),
  delivered: endpoint({
    method: 'POST',
    path: '/admin/courier-redemptions/:id/delivered',
    access: working,
    tags,
    summary: 'Mark a dispatched gift delivered',
    params: idParams,
    body: deliveredBody,
    response: courierRow,
  }),
  returned: endpoint({
    method: 'POST',
    path: '/admin/courier-redemptions/:id/returned',
    access: working,
    tags,
    summary: 'Mark a dispatched gift returned (the points go back to the member)',
    params: idParams,
    body: returnedBody,
    response: courierRow,
  }),
  upload: uploadEndpoints(
    {
      upload: '/admin/courier-redemptions/upload',
      template: '/admin/courier-redemptions/template',
      errors: '/admin/courier-redemptions/upload/errors',
    },
    {
      access,
      write: working,
      tags,
      summary:
        'Dispatch many gifts from an xlsx (multipart field "file"); applyValid=true applies the good rows',
      result: dispatchUploadResult,
    },
  ),
};
