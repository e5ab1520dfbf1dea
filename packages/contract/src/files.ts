import { z } from 'zod';
import { endpoint } from './endpoint';
import { memberUpload } from './member-app';

/**
 * What a stored file is for. A record may reference only a file stored for its purpose by the same
 * principal, and only once: the purpose is part of every claim, never inferred from the content.
 */
export const FILE_PURPOSES = [
  'kyc_image',
  'damaged_photo',
  'thumbnail',
  'invoice_sheet',
  'invoice_upload_errors',
  'points_upload_errors',
  'voucher_upload_errors',
  'dispatch_upload_errors',
  'damaged_upload_errors',
  'stores_upload_errors',
  'channel_upload_errors',
  'report',
  'label_pdf',
  'reward_image',
  'utr_upload_errors',
  'visit_photo',
  'employee_upload_errors',
  'project_photo',
  'feedback_attachment',
  'notification_image',
  'notification_audience_errors',
  'content_image',
  'content_document',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** The error reports of spreadsheet uploads: the uploader's only, removed after a few days. */
export const UPLOAD_ERROR_PURPOSES = [
  'invoice_upload_errors',
  'points_upload_errors',
  'damaged_upload_errors',
  'stores_upload_errors',
  'channel_upload_errors',
  'notification_audience_errors',
  'utr_upload_errors',
  'employee_upload_errors',
  'voucher_upload_errors',
  'dispatch_upload_errors',
] as const satisfies readonly FilePurpose[];
export type UploadErrorPurpose = (typeof UPLOAD_ERROR_PURPOSES)[number];

/** Purposes a staff member may upload for (POST /api/files?purpose=…). */
export const STAFF_UPLOAD_PURPOSES = [
  'damaged_photo',
  'notification_image',
  'reward_image',
  'content_image',
  'content_document',
] as const;
export type StaffUploadPurpose = (typeof STAFF_UPLOAD_PURPOSES)[number];
/** Purposes a member may upload for (POST /api/app/uploads?purpose=…, default kyc_image). */
export const MEMBER_UPLOAD_PURPOSES = ['kyc_image', 'project_photo', 'feedback_attachment'] as const;
export type MemberUploadPurpose = (typeof MEMBER_UPLOAD_PURPOSES)[number];

export const staffUploadQuery = z.object({ purpose: z.enum(STAFF_UPLOAD_PURPOSES) });
/** Purposes a BDE may upload for from the field app (POST /api/field/uploads?purpose=…). */
export const FIELD_UPLOAD_PURPOSES = ['visit_photo'] as const;
export const fieldUploadQuery = z.object({ purpose: z.enum(FIELD_UPLOAD_PURPOSES).default('visit_photo') });
export const memberUploadQuery = z.object({ purpose: z.enum(MEMBER_UPLOAD_PURPOSES).default('kyc_image') });

/** What an upload answers: the id to reference from the record, and whether a thumbnail was made. */
export const uploadedFile = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  purpose: z.enum(FILE_PURPOSES),
  hasThumbnail: z.boolean(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/**
 * Uploads answer 201 with the stored file; the record that references it then claims it once. There is
 * no download by file id: a file is served by the route of the record that holds it.
 */
export const filesEndpoints = {
  staffUpload: endpoint({
    method: 'POST',
    path: '/files',
    access: 'staff',
    tags: ['files'],
    summary: 'Upload a file for a purpose (checked by content; an image gets a thumbnail)',
    query: staffUploadQuery,
    response: uploadedFile,
    created: true,
  }),
  memberUpload: endpoint({
    method: 'POST',
    path: '/app/uploads',
    access: { memberWrite: 'upload' },
    tags: ['member app'],
    summary: 'Upload an image or PDF for KYC, a project or feedback (checked by content, 5 MB at most)',
    query: memberUploadQuery,
    response: memberUpload,
    created: true,
  }),
};
