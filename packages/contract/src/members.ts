import { z } from 'zod';
import { decisionOutcome } from './decisions';
import { recordId, text, uniqueArray } from './input';

/** Members (PRODUCT.md §3.5): the trade partners of the programme. */
export const MEMBER_TYPES = ['carpenter', 'contractor', 'architect', 'dealer', 'retailer'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const MEMBER_STATUSES = ['pending', 'approved', 'rejected', 'blocked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_KYC_STATUSES = ['none', 'submitted', 'approved', 'rejected'] as const;
export type MemberKycStatus = (typeof MEMBER_KYC_STATUSES)[number];

export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export const MEMBER_MESSAGES = {
  mobile: 'Enter a 10-digit Indian mobile number',
  reasonRequired: 'A reason is required',
  idsRequired: 'Choose at least one member',
} as const;

/** A 10-digit Indian mobile number; a +91 or 0 prefix and spaces are accepted and dropped. */
export const mobileNumber = text(20, { required: MEMBER_MESSAGES.mobile, tooLong: MEMBER_MESSAGES.mobile })
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, MEMBER_MESSAGES.mobile));

export const reasonText = text(500, {
  required: MEMBER_MESSAGES.reasonRequired,
  tooLong: 'At most 500 characters',
  multiline: true,
});

/** A member as the back-office lists show it. */
export const memberRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  type: z.enum(MEMBER_TYPES),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.string(),
  dealerId: z.number().int().nullable(),
  dealerName: z.string().nullable(),
  bdeId: z.number().int().nullable(),
  status: z.enum(MEMBER_STATUSES),
  statusReason: z.string().nullable(),
  kycStatus: z.enum(MEMBER_KYC_STATUSES),
  balance: z.number().int(),
  /** The member's tier (tiers.ts); null: not evaluated yet. */
  tier: z.string().nullable(),
  /** Points of scans held for review: part of the balance, not redeemable (QR Scan History → Review). */
  heldPoints: z.number().int(),
  createdAt: z.string(),
});
export type MemberRow = z.infer<typeof memberRow>;

export const memberDetail = memberRow.extend({
  dateOfBirth: z.string(),
  addressLine: z.string(),
  referralCode: z.string(),
  referredBy: z.number().int().nullable(),
  referredByName: z.string().nullable(),
  /** The assigned BDE as "code · name". */
  bdeName: z.string().nullable(),
  termsVersion: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** Scanning is locked until then after too many invalid codes (fraud rule); null when not locked now. */
  scansLockedUntil: z.string().nullable(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/** Filters of the member lists (`filter={...}`). `q` searches name, mobile and code. */
export const MEMBER_FILTERS = [
  'q',
  'status',
  'type',
  'state',
  'district',
  'bdeId',
  'dealerId',
  'registeredFrom',
  'registeredTo',
  'kycStatus',
  'tier',
  'balanceMin',
  'balanceMax',
] as const;
export const MEMBER_SORTS = ['id', 'name', 'createdAt', 'balance', 'code'] as const;

/** Approve, reject or re-approve one or many members. Reject needs a reason; approve may carry one. */
export const memberDecisionBody = z.object({
  ids: uniqueArray(recordId(), 500, {
    error: MEMBER_MESSAGES.idsRequired,
    tooMany: 'At most 500 members at a time',
  }).min(1, MEMBER_MESSAGES.idsRequired),
  reason: text(500, { multiline: true, tooLong: 'At most 500 characters' }).optional(),
});
export const memberRejectBody = memberDecisionBody.extend({ reason: reasonText });
export type MemberDecisionBody = z.infer<typeof memberDecisionBody>;

export const memberDecisionResult = z.object({
  done: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  /** The same, row by row, in the shape every bulk decision answers with (contract/decisions). */
  outcomes: z.array(decisionOutcome),
});
export type MemberDecisionResult = z.infer<typeof memberDecisionResult>;

export const blockBody = z.object({ reason: reasonText });
