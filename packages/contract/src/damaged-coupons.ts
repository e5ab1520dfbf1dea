import { z } from 'zod';
import { endpoint } from './endpoint';
import { bulkDecisionEndpoints, listEndpoints } from './endpoint-kits';
import { idParam, idParams, recordId, text } from './input';
import { uploadResult } from './uploads';

/** Damaged Coupons (`/dashboard/damaged-coupon`): reported by one person, decided by another. */

export const DAMAGED_PAGE = '/dashboard/damaged-coupon';
export const DAMAGED_ENTITY = 'damaged_report';
export const DAMAGE_REASONS = ['torn', 'unreadable', 'misprint', 'lost'] as const;
export const DAMAGE_REASON_LABELS = {
  torn: 'Torn',
  unreadable: 'Unreadable',
  misprint: 'Misprint',
  lost: 'Lost',
} as const;
export const DAMAGED_MODES = ['single', 'range', 'upload'] as const;
export const DAMAGED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const MAX_DAMAGED_PER_REPORT = 10_000;

/** The columns of a damaged-coupon list upload: one of the two names each coupon. */
export const DAMAGED_UPLOAD_COLUMNS = ['Code', 'Serial'] as const;

export const DAMAGED_MESSAGES = {
  modeRequired: 'Choose single, range or upload',
  reasonRequired: 'Choose a reason',
  codeOrSerial: 'Enter the coupon code or its serial',
  codeInvalid: 'Not a valid coupon code (check the characters)',
  serial: 'Enter a serial number',
  fromRequired: 'From serial is required',
  toRequired: 'To serial is required',
  toBeforeFrom: 'To serial must not be below the from serial',
  tooMany: `At most ${MAX_DAMAGED_PER_REPORT.toLocaleString('en-IN')} coupons in one report`,
  noteTooLong: 'At most 500 characters',
  noteRequired: 'Say why the report is rejected',
  photoInvalid: 'The photo must be an uploaded image',
  ownReport: 'You reported these coupons: another person must decide',
  alreadyDecided: 'This report has already been decided',
} as const;

const serial = z
  .number({ error: DAMAGED_MESSAGES.serial })
  .int(DAMAGED_MESSAGES.serial)
  .positive(DAMAGED_MESSAGES.serial);
const note = text(500, { multiline: true, tooLong: DAMAGED_MESSAGES.noteTooLong })
  .nullish()
  .transform((v) => v || null);

export const damagedCreateBody = z
  .object({
    mode: z.enum(['single', 'range'], { error: DAMAGED_MESSAGES.modeRequired }),
    /** Single: the code as printed (any case, with or without dashes), or the serial. */
    code: text(40).nullish(),
    serial: serial.nullish(),
    fromSerial: serial.nullish(),
    toSerial: serial.nullish(),
    reason: z.enum(DAMAGE_REASONS, { error: DAMAGED_MESSAGES.reasonRequired }),
    note,
    photoFileId: recordId().nullish(),
  })
  .superRefine((b, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.mode === 'single' && !b.code && b.serial == null) add('code', DAMAGED_MESSAGES.codeOrSerial);
    if (b.mode !== 'range') return;
    if (b.fromSerial == null) add('fromSerial', DAMAGED_MESSAGES.fromRequired);
    if (b.toSerial == null) add('toSerial', DAMAGED_MESSAGES.toRequired);
    if (b.fromSerial != null && b.toSerial != null) {
      if (b.toSerial < b.fromSerial) add('toSerial', DAMAGED_MESSAGES.toBeforeFrom);
      else if (b.toSerial - b.fromSerial + 1 > MAX_DAMAGED_PER_REPORT)
        add('toSerial', DAMAGED_MESSAGES.tooMany);
    }
  });
export type DamagedCreateBody = z.infer<typeof damagedCreateBody>;

/** Query of the upload route (the file is multipart field "file": a sheet with a Code or Serial column). */
export const damagedUploadQuery = z.object({
  reason: z.enum(DAMAGE_REASONS, { error: DAMAGED_MESSAGES.reasonRequired }),
  note,
  photoFileId: idParam.optional(),
  applyValid: z.enum(['true', 'false']).default('false'),
});

export const damagedApproveBody = z.object({
  note,
  /** Issue a replacement of the same SKU for each voided coupon, allocated to the same invoice line. */
  replace: z.boolean().default(false),
});
export type DamagedApproveBody = z.infer<typeof damagedApproveBody>;
export const damagedRejectBody = z.object({
  note: text(500, {
    required: DAMAGED_MESSAGES.noteRequired,
    tooLong: DAMAGED_MESSAGES.noteTooLong,
    multiline: true,
  }).min(3, DAMAGED_MESSAGES.noteRequired),
});

export const damagedRow = z.object({
  id: z.number().int(),
  mode: z.enum(DAMAGED_MODES),
  reason: z.enum(DAMAGE_REASONS),
  note: z.string().nullable(),
  photoFileId: z.number().int().nullable(),
  quantity: z.number().int(),
  fromSerial: z.number().int().nullable(),
  toSerial: z.number().int().nullable(),
  status: z.enum(DAMAGED_STATUSES),
  reportedBy: z.number().int(),
  reportedByName: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  voided: z.number().int().nullable(),
  replaced: z.number().int().nullable(),
  createdAt: z.string(),
});
export type DamagedRow = z.infer<typeof damagedRow>;

/** A list upload: the report made (none while the file has errors and valid rows were not chosen). */
export const damagedUploadResult = z.object({ report: damagedRow.nullable(), upload: uploadResult });
export type DamagedUploadResult = z.infer<typeof damagedUploadResult>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['coupons'] as const;
const read = { page: DAMAGED_PAGE } as const;
const reporting = { action: 'damaged-coupons.report' } as const;
const deciding = { action: 'damaged-coupons.decide' } as const;
const photoOf = <const P extends `/${string}`>(path: P, summary: string) =>
  endpoint({ method: 'GET', path, access: read, tags, summary, params: idParams, file: true });

/** Damaged Coupons: reports (single, range, list) with reason and photo; a second person decides. */
export const damagedCouponsEndpoints = {
  ...listEndpoints('/admin/damaged-coupons', {
    access: read,
    row: damagedRow,
    tags,
    summary: 'Damaged coupon reports',
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/damaged-coupons/:id',
    access: read,
    tags,
    summary: 'One report',
    params: idParams,
    response: damagedRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/damaged-coupons',
    access: reporting,
    tags,
    summary: 'Report a damaged coupon or serial range (photo: an id from POST /files)',
    body: damagedCreateBody,
    response: damagedRow,
  }),
  template: endpoint({
    method: 'GET',
    path: '/admin/damaged-coupons/template',
    access: read,
    tags,
    summary: 'The list upload template (xlsx)',
    file: true,
  }),
  uploadErrors: endpoint({
    method: 'GET',
    path: '/admin/damaged-coupons/upload/errors/:id',
    access: read,
    tags,
    summary: 'The error report of my upload (xlsx)',
    params: idParams,
    file: true,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/admin/damaged-coupons/upload',
    access: reporting,
    tags,
    summary: 'Report a list of coupons from a sheet with a Code or Serial column (rows checked one by one)',
    query: damagedUploadQuery,
    response: damagedUploadResult,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/damaged-coupons/:id/approve',
    access: deciding,
    tags,
    summary: 'Approve (void the coupons; optionally issue replacements). Not by the reporter.',
    params: idParams,
    body: damagedApproveBody,
    response: damagedRow,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/damaged-coupons/:id/reject',
    access: deciding,
    tags,
    summary: 'Reject a report. Not by the reporter.',
    params: idParams,
    body: damagedRejectBody,
    response: damagedRow,
  }),
  photo: photoOf('/admin/damaged-coupons/:id/photo', 'The report’s photo'),
  photoThumbnail: photoOf('/admin/damaged-coupons/:id/photo/thumbnail', 'The report’s photo (thumbnail)'),
  bulk: bulkDecisionEndpoints('/admin/damaged-coupons', {
    action: 'damaged-coupons.decide',
    noun: 'damage reports (not by their reporter)',
    tags,
    fields: { replace: z.boolean().default(false) },
  }),
};
