import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { kycDuplicate } from './fraud-rules';
import { idParams, recordId, text } from './input';
import { idempotencyHeaders } from './member-app';
import { MEMBER_TYPES } from './members';

/**
 * KYC (PRODUCT.md §3.5). Aadhaar: the member sends only the last four digits (the full number never
 * reaches the server) and masked images. PAN and bank account: encrypted at rest, shown masked.
 */
export const KYC_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_REJECT_REASONS = {
  image_unclear: 'Document image is unclear',
  aadhaar_not_masked: 'Aadhaar image is not masked',
  name_mismatch: 'Name does not match the documents',
  pan_invalid: 'PAN does not match the PAN card',
  bank_mismatch: 'Bank details do not match the cancelled cheque',
  document_expired: 'Document is expired or invalid',
  other: 'Other (see comment)',
} as const;
export type KycRejectReason = keyof typeof KYC_REJECT_REASONS;
export const KYC_REJECT_REASON_KEYS = Object.keys(KYC_REJECT_REASONS) as [
  KycRejectReason,
  ...KycRejectReason[],
];

const fileId = (label: string) => recordId(`${label} is required`);

const AADHAAR_LAST4 = 'Enter the last 4 digits of the Aadhaar';
const PAN_FORMAT = 'Enter a valid PAN (e.g. ABCDE1234F)';
const ACCOUNT_FORMAT = 'A bank account number has 9 to 18 digits';
const IFSC_FORMAT = 'Enter a valid IFSC (e.g. SBIN0001234)';
const UPI_FORMAT = 'Enter a valid UPI id (e.g. name@bank)';

/** The formats a KYC submission is checked against: here and, before any upload, on the member's phone. */
export const KYC_PATTERNS = {
  aadhaarLast4: /^\d{4}$/,
  pan: /^[A-Z]{5}\d{4}[A-Z]$/,
  accountNumber: /^\d{9,18}$/,
  ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/,
  upiId: /^[\w.-]{2,256}@[a-zA-Z]{2,64}$/,
} as const;

export const kycSubmitBody = z.object({
  aadhaarLast4: text(4, { required: AADHAAR_LAST4, tooLong: AADHAAR_LAST4 }).regex(
    KYC_PATTERNS.aadhaarLast4,
    'Enter the last 4 digits of the Aadhaar',
  ),
  aadhaarFrontFileId: fileId('Aadhaar front image'),
  aadhaarBackFileId: fileId('Aadhaar back image'),
  pan: text(10, { required: 'Enter the PAN', tooLong: PAN_FORMAT })
    .toUpperCase()
    .regex(KYC_PATTERNS.pan, PAN_FORMAT),
  panFileId: fileId('PAN card image'),
  accountHolder: text(120, { required: 'Account holder is required' }),
  accountNumber: text(18, { required: 'Enter the bank account number', tooLong: ACCOUNT_FORMAT }).regex(
    KYC_PATTERNS.accountNumber,
    ACCOUNT_FORMAT,
  ),
  ifsc: text(11, { required: 'Enter the IFSC', tooLong: IFSC_FORMAT })
    .toUpperCase()
    .regex(KYC_PATTERNS.ifsc, IFSC_FORMAT),
  bankName: text(120, { required: 'Bank name is required' }),
  chequeFileId: fileId('Cancelled cheque image'),
  upiId: text(321, { tooLong: UPI_FORMAT }).regex(KYC_PATTERNS.upiId, UPI_FORMAT).optional(),
});
export type KycSubmitBody = z.infer<typeof kycSubmitBody>;

/** A submission with every number masked: what lists, the app and exports may show. */
export const kycMasked = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  status: z.enum(KYC_STATUSES),
  aadhaar: z.string(),
  pan: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  bankName: z.string(),
  upiId: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  reasonCode: z.string().nullable(),
  reason: z.string().nullable(),
  comment: z.string().nullable(),
});
export type KycMasked = z.infer<typeof kycMasked>;

/** A row of the KYC Verification queue and of KYC History. */
export const kycRow = kycMasked.extend({
  memberCode: z.string(),
  memberName: z.string(),
  memberMobile: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  state: z.string(),
  claimedBy: z.number().int().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
});
export type KycRow = z.infer<typeof kycRow>;

export const KYC_DOCUMENTS = ['aadhaarFront', 'aadhaarBack', 'pan', 'cheque'] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];
/**
 * One submission for its reviewer, with the other approved members who have the same PAN or bank
 * account under the fraud rules in force: a `flag` is for the reviewer to weigh; `hold` or
 * `refuse` means approval will be refused.
 */
export const kycDetail = kycRow.extend({
  documents: z.array(z.enum(KYC_DOCUMENTS)),
  duplicates: z.array(kycDuplicate),
});
export type KycDetail = z.infer<typeof kycDetail>;

export const KYC_FILTERS = [
  'q',
  'status',
  'state',
  'type',
  'claimed',
  'decidedBy',
  'from',
  'to',
  'memberId',
] as const;

const comment = text(500, { multiline: true, tooLong: 'At most 500 characters' }).optional();
export const kycRejectBody = z.object({
  reasonCode: z.enum(KYC_REJECT_REASON_KEYS, { error: 'Choose a reason from the list' }),
  comment,
});
export const kycApproveBody = z.object({ comment });

export const kycRevealBody = z.object({
  field: z.enum(['pan', 'accountNumber'], { error: 'Choose pan or accountNumber' }),
});
export const kycRevealed = z.object({ field: z.string(), value: z.string() });

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['kyc'] as const;
const verification = { page: '/dashboard/approvals/kyc_verification' } as const;
const deciding = { action: 'kyc.decide' } as const;
const documentParams = idParams.extend({ doc: z.enum(KYC_DOCUMENTS) });
const documentOf = <const P extends `/${string}`>(path: P, what: string) =>
  endpoint({
    method: 'GET',
    path,
    access: verification,
    tags,
    summary: `A document ${what} of the submission (an attachment)`,
    params: documentParams,
    file: true,
  });
const claimOf = <const P extends `/${string}`>(path: P, summary: string) =>
  endpoint({ method: 'POST', path, access: deciding, tags, summary, params: idParams, response: kycRow });

/** KYC Verification (queue, claim, decide, documents, reveal) and KYC History. */
export const kycEndpoints = {
  queue: listEndpoints('/admin/kyc', {
    access: verification,
    row: kycRow,
    tags,
    summary: 'The review queue, oldest first by default',
  }),
  history: listEndpoints('/admin/kyc-history', {
    access: { page: '/dashboard/approvals/kyc_history' },
    row: kycRow,
    tags,
    summary: 'Every KYC decision',
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/kyc/:id',
    access: verification,
    tags,
    summary: 'One submission, numbers masked',
    params: idParams,
    response: kycDetail,
  }),
  document: documentOf('/admin/kyc/:id/documents/:doc', 'image'),
  documentThumbnail: documentOf('/admin/kyc/:id/documents/:doc/thumbnail', 'thumbnail'),
  claim: claimOf('/admin/kyc/:id/claim', 'Take for review'),
  release: claimOf('/admin/kyc/:id/release', 'Give back to the queue'),
  approve: endpoint({
    method: 'POST',
    path: '/admin/kyc/:id/approve',
    access: deciding,
    tags,
    summary: 'Approve a claimed submission',
    params: idParams,
    body: kycApproveBody,
    response: kycRow,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/kyc/:id/reject',
    access: deciding,
    tags,
    summary: 'Reject with a reason from the list',
    params: idParams,
    body: kycRejectBody,
    response: kycRow,
  }),
  reveal: endpoint({
    method: 'POST',
    path: '/admin/kyc/:id/reveal',
    access: { action: 'kyc.reveal' },
    tags,
    summary: 'Show a full PAN or account number (audited)',
    params: idParams,
    body: kycRevealBody,
    response: kycRevealed,
  }),
};

/** The member app's KYC: submit or resubmit, see the status (uploads go through /app/uploads). */
export const kycAppEndpoints = {
  submit: endpoint({
    method: 'POST',
    path: '/app/kyc',
    access: { memberWrite: 'submitKyc' },
    tags: ['member app'],
    summary: 'Submit or resubmit KYC (Aadhaar last four digits only; PAN and account are encrypted)',
    headers: idempotencyHeaders,
    body: kycSubmitBody,
    response: kycMasked,
  }),
  list: endpoint({
    method: 'GET',
    path: '/app/kyc',
    access: 'member',
    tags: ['member app'],
    summary: 'My KYC submissions, newest first, masked',
    response: z.array(kycMasked),
  }),
};
