import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints, recordEndpoints, uploadQuery } from './endpoint-kits';
import { idParams, recordId, text } from './input';
import { rowError, UPLOAD_STATUSES } from './uploads';

/** Invoice (`/dashboard/invoice`) and Upload Invoice History (`/dashboard/upload-invoice-history`). */

export const INVOICE_PAGE = '/dashboard/invoice';
export const INVOICE_UPLOAD_HISTORY_PAGE = '/dashboard/upload-invoice-history';
export const INVOICE_ENTITY = 'invoice';
export const DISTRIBUTOR_ENTITY = 'distributor';
export const INVOICE_UPLOAD_ENTITY = 'invoice_upload';
export const MAX_LINE_QUANTITY = 10_000_000;
export const MAX_INVOICE_LINES = 200;

export const INVOICE_MESSAGES = {
  codeRequired: 'Distributor code is required',
  codeFormat: 'Distributor code: 2 to 32 letters, digits, dashes or underscores',
  codeTaken: 'A distributor with this code already exists',
  nameRequired: 'Name is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  gstin: 'GSTIN must be 15 characters, e.g. 27AAPFU0939F1ZV',
  tooLong: 'Too long',
  numberRequired: 'Invoice number is required',
  numberTaken: 'This distributor already has an invoice with this number',
  dateRequired: 'Invoice date is required',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD)',
  dateFuture: 'Invoice date cannot be in the future',
  distributorRequired: 'Choose a distributor',
  distributorUnknown: 'This distributor does not exist',
  linesRequired: 'Add at least one line',
  tooManyLines: `At most ${MAX_INVOICE_LINES} lines`,
  productRequired: 'Choose a product',
  productUnknown: 'Unknown SKU',
  productInactive: 'This SKU is inactive',
  productRepeated: 'This SKU is already on the invoice',
  quantity: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en-IN')}`,
} as const;

export const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const field = (required: string, max = 100) => text(max, { required, tooLong: INVOICE_MESSAGES.tooLong });

export const distributorCode = text(32, {
  required: INVOICE_MESSAGES.codeRequired,
  tooLong: INVOICE_MESSAGES.codeFormat,
})
  .regex(/^[A-Za-z0-9_-]{2,32}$/, INVOICE_MESSAGES.codeFormat)
  .transform((s) => s.toUpperCase());

export const gstin = text(15, { tooLong: INVOICE_MESSAGES.gstin })
  .nullish()
  .transform((v) => (v ? v.trim().toUpperCase() : null))
  .refine((v) => v === null || v === '' || GSTIN.test(v), INVOICE_MESSAGES.gstin)
  .transform((v) => v || null);

export const distributorBody = z.object({
  code: distributorCode,
  name: field(INVOICE_MESSAGES.nameRequired),
  gstin,
  state: field(INVOICE_MESSAGES.stateRequired, 60),
  city: field(INVOICE_MESSAGES.cityRequired, 60),
});
export type DistributorBody = z.infer<typeof distributorBody>;
export const distributorUpdateBody = distributorBody.omit({ code: true }).partial();
export type DistributorUpdateBody = z.infer<typeof distributorUpdateBody>;

export const distributorRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  state: z.string(),
  city: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type DistributorRow = z.infer<typeof distributorRow>;

const quantity = z
  .number({ error: INVOICE_MESSAGES.quantity })
  .int(INVOICE_MESSAGES.quantity)
  .min(1, INVOICE_MESSAGES.quantity)
  .max(MAX_LINE_QUANTITY, INVOICE_MESSAGES.quantity);

export const invoiceCreateBody = z.object({
  distributorId: recordId(INVOICE_MESSAGES.distributorRequired),
  number: field(INVOICE_MESSAGES.numberRequired, 40),
  invoiceDate: z.iso.date({
    error: (i) => (i.input ? INVOICE_MESSAGES.dateInvalid : INVOICE_MESSAGES.dateRequired),
  }),
  lines: z
    .array(
      z.object({
        productId: recordId(INVOICE_MESSAGES.productRequired),
        quantity,
      }),
      { error: INVOICE_MESSAGES.linesRequired },
    )
    .min(1, INVOICE_MESSAGES.linesRequired)
    .max(MAX_INVOICE_LINES, INVOICE_MESSAGES.tooManyLines),
});
export type InvoiceCreateBody = z.infer<typeof invoiceCreateBody>;

export const invoiceRow = z.object({
  id: z.number().int(),
  number: z.string(),
  invoiceDate: z.string(),
  distributorId: z.number().int(),
  distributorCode: z.string(),
  distributorName: z.string(),
  state: z.string(),
  city: z.string(),
  lines: z.number().int(),
  quantity: z.number().int(),
  allocated: z.number().int(),
  uploadId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const invoiceLineRow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  allocated: z.number().int(),
});
export type InvoiceLineRow = z.infer<typeof invoiceLineRow>;
export const invoiceDetail = invoiceRow.extend({ lineItems: z.array(invoiceLineRow) });
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** The upload template's columns, in order; the header row must carry exactly these names. */
export const INVOICE_UPLOAD_COLUMNS = [
  'Invoice Number',
  'Invoice Date',
  'Distributor Code',
  'Distributor Name',
  'GSTIN',
  'State',
  'City',
  'SKU',
  'Quantity',
] as const;
export type InvoiceUploadColumn = (typeof INVOICE_UPLOAD_COLUMNS)[number];

export const invoiceUploadRow = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  rowsTotal: z.number().int(),
  rowsApplied: z.number().int(),
  rowsFailed: z.number().int(),
  invoicesCreated: z.number().int(),
  /** The first errors; the full list is the error report. */
  errors: z.array(rowError),
  hasErrorReport: z.boolean(),
  hasOriginal: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceUploadRow = z.infer<typeof invoiceUploadRow>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['invoices'] as const;
const read = { page: INVOICE_PAGE } as const;
const creating = { action: 'invoices.create' } as const;
const history = { page: INVOICE_UPLOAD_HISTORY_PAGE } as const;
const uploadFileOf = <const P extends `/${string}`>(
  path: P,
  access: typeof read | typeof history,
  summary: string,
) => endpoint({ method: 'GET', path, access, tags, summary, params: idParams, file: true });

/** The Invoice page: invoices by form and by spreadsheet upload. */
export const invoicesEndpoints = {
  ...listEndpoints('/admin/invoices', { access: read, row: invoiceRow, tags, summary: 'Invoices' }),
  template: endpoint({
    method: 'GET',
    path: '/admin/invoices/template',
    access: read,
    tags,
    summary: 'The upload template (xlsx)',
    file: true,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/invoices/:id',
    access: read,
    tags,
    summary: 'An invoice with its lines',
    params: idParams,
    response: invoiceDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/invoices',
    access: creating,
    tags,
    summary: 'Create an invoice',
    body: invoiceCreateBody,
    response: invoiceDetail,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/admin/invoices/upload',
    access: creating,
    tags,
    summary:
      'Upload invoices (xlsx, multipart field "file"); applyValid=true applies the good rows of a file with errors',
    query: uploadQuery,
    response: invoiceUploadRow,
  }),
  applyValid: endpoint({
    method: 'POST',
    path: '/admin/invoices/upload/:id/apply-valid',
    access: creating,
    tags,
    summary: 'Apply the valid rows of an upload that had errors',
    params: idParams,
    response: invoiceUploadRow,
  }),
  uploadErrors: uploadFileOf('/admin/invoices/upload/:id/errors', read, 'Error report of an upload (xlsx)'),
};

/** Distributors, kept on the Invoice page: the parties invoices (and so allocations) belong to. */
export const distributorsEndpoints = recordEndpoints('/admin/distributors', {
  page: INVOICE_PAGE,
  manage: 'distributors.manage',
  row: distributorRow,
  create: distributorBody,
  update: distributorUpdateBody,
  summary: 'Distributors',
  tags: ['distributors'],
});

/** Upload Invoice History: each upload with its counts, error report and original file. */
export const invoiceUploadsEndpoints = {
  ...listEndpoints('/admin/invoice-uploads', {
    access: history,
    row: invoiceUploadRow,
    tags,
    summary: 'Invoice uploads',
  }),
  errors: uploadFileOf('/admin/invoice-uploads/:id/errors', history, 'The error report (xlsx)'),
  original: uploadFileOf('/admin/invoice-uploads/:id/original', history, 'The uploaded file'),
};
