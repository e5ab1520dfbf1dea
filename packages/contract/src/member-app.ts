import { z } from 'zod';
import { endpoint } from './endpoint';
import { text } from './input';
import { memberLedgerEntry } from './ledger';
import { listQuery, listResult } from './list';
import { MEMBER_KYC_STATUSES, MEMBER_STATUSES, MEMBER_TYPES, mobileNumber } from './members';
import { memberProfileUpdate, messageLanguage } from './messages';
import { memberExpiring } from './points-expiry';
import { consentBody, isAdult, PRIVACY_MESSAGES } from './privacy';
import { memberTier } from './tiers';

/** The member app's API (`/api/app/...`): sign-in by one-time code, registration, profile. */
export const OTP_RULES = { expirySeconds: 300, maxTries: 5, resendAfterSeconds: 30, maxPerHour: 6 } as const;

/** The language is the one chosen on the phone: a new member's code arrives in it before any sign-in. */
export const otpRequestBody = z.object({ mobile: mobileNumber, language: messageLanguage.optional() });
export const otpSent = z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() });

const otpCode = text(6, { required: 'Enter the 6-digit code', tooLong: 'Enter the 6-digit code' }).regex(
  /^\d{6}$/,
  'Enter the 6-digit code',
);

export const memberLoginBody = z.object({ mobile: mobileNumber, code: otpCode });

const required = (label: string, max = 200) =>
  text(max, { required: `${label} is required`, tooLong: `${label}: at most ${max} characters` });

export const registerBody = z.object({
  mobile: mobileNumber,
  code: otpCode,
  name: required('Name', 120),
  type: z.enum(MEMBER_TYPES, { error: `Type is one of: ${MEMBER_TYPES.join(', ')}` }),
  dateOfBirth: z.iso
    .date({ error: 'Enter the date of birth as YYYY-MM-DD' })
    .refine((d) => isAdult(d), { message: PRIVACY_MESSAGES.underAge }),
  address: z.object(
    {
      line: required('Address'),
      city: required('City', 80),
      district: required('District', 80),
      state: required('State', 80),
      pincode: text(6, { required: 'Enter the 6-digit pincode', tooLong: 'Enter the 6-digit pincode' }).regex(
        /^[1-9]\d{5}$/,
        'Enter the 6-digit pincode',
      ),
    },
    { error: 'Address is required' },
  ),
  referralCode: text(20).toUpperCase().optional(),
  /** Member code of the dealer the member buys through. */
  dealerCode: text(20).toUpperCase().optional(),
  /** The answer to the privacy notice shown before registration (contract privacy.ts). */
  consent: consentBody,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const memberProfile = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  type: z.enum(MEMBER_TYPES),
  dateOfBirth: z.string(),
  address: z.object({
    line: z.string(),
    city: z.string(),
    district: z.string(),
    state: z.string(),
    pincode: z.string(),
  }),
  referralCode: z.string(),
  status: z.enum(MEMBER_STATUSES),
  statusReason: z.string().nullable(),
  kycStatus: z.enum(MEMBER_KYC_STATUSES),
  balance: z.number().int(),
  /** Points that expire within 30 days, and the next expiry days. */
  expiring: memberExpiring,
  /** The member's tier and progress to the next; null when no tier policy is in force. */
  tier: memberTier.nullable(),
  /** Points of scans held for review (part of the balance, not redeemable until cleared). */
  heldPoints: z.number().int(),
  /** The scans held, newest first (at most 50). */
  heldScans: z.array(
    z.object({
      id: z.number().int(),
      points: z.number().int(),
      createdAt: z.string(),
      code: z.string(),
      productName: z.string().nullable(),
    }),
  ),
  termsVersion: z.string().nullable(),
  currentTermsVersion: z.string().nullable(),
  /** A published terms version this member has not accepted yet: the app asks before going on. */
  termsAcceptanceNeeded: z.boolean(),
  language: messageLanguage,
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberSession = z.object({ token: z.string(), member: memberProfile });

export const acceptTermsBody = z.object({ version: required('Version', 40) });

export const memberUpload = z.object({
  id: z.number().int(),
  contentType: z.string(),
  size: z.number().int(),
});

/** Write calls of the member app accept this header: a repeat replays the first answer. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.string().max(255).optional().describe('Repeat-safe key of this write call'),
});

const tags = ['member app'] as const;

/** The member app's own endpoints: sign-in by one-time code, registration, profile, ledger, terms. */
export const memberAppEndpoints = {
  requestOtp: endpoint({
    method: 'POST',
    path: '/app/otp',
    access: 'public',
    tags,
    summary: 'Send a one-time sign-in code by SMS',
    body: otpRequestBody,
    response: otpSent,
  }),
  login: endpoint({
    method: 'POST',
    path: '/app/login',
    access: 'public',
    tags,
    summary: 'Sign in with the code',
    body: memberLoginBody,
    response: memberSession,
  }),
  register: endpoint({
    method: 'POST',
    path: '/app/register',
    access: 'public',
    tags,
    summary: 'Register (pending approval) and sign in; Idempotency-Key scoped to the mobile',
    headers: idempotencyHeaders,
    body: registerBody,
    response: memberSession,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/app/logout',
    access: { memberWrite: 'logout' },
    tags,
    summary: 'End this session',
    noContent: true,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/app/profile',
    access: 'member',
    tags,
    summary: 'My profile and balance',
    response: memberProfile,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/app/profile',
    access: { memberWrite: 'updateProfile' },
    tags,
    summary: 'Change my profile: the language of my messages (en, hi, mr, gu, ta)',
    body: memberProfileUpdate,
    response: memberProfile,
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/app/ledger',
    access: 'member',
    tags,
    summary: 'My points ledger',
    query: listQuery,
    response: listResult(memberLedgerEntry),
  }),
  acceptTerms: endpoint({
    method: 'POST',
    path: '/app/terms/accept',
    access: { memberWrite: 'acceptTerms' },
    tags,
    summary: 'Accept the current terms version',
    headers: idempotencyHeaders,
    body: acceptTermsBody,
    response: memberProfile,
  }),
};
