import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParams } from './input';

/**
 * Bank account verification at KYC: the account is checked with the bank through the
 * provider (RazorpayX fund account validation), which returns the name the bank holds; that name is
 * scored against the member's KYC name. A failed or mismatched account cannot be paid.
 */
export const KYC_VERIFICATION_PAGE = '/dashboard/approvals/kyc_verification';
export const BANK_CHECK_STATUSES = ['unverified', 'pending', 'verified', 'mismatch', 'failed'] as const;
export type BankCheckStatus = (typeof BANK_CHECK_STATUSES)[number];
/** Statuses that stop a payout to the account. */
export const UNPAYABLE_BANK_CHECKS: readonly BankCheckStatus[] = ['mismatch', 'failed'];
/** The lowest name-match score (0–100) taken as the same person. */
export const NAME_MATCH_THRESHOLD = 80;

export const BANK_CHECK_MESSAGES = {
  unavailable: 'Bank verification is not configured (BANK_VERIFIER and the RazorpayX variables)',
  unpayable: (id: number, status: string) =>
    `Redemption ${id}: the member's bank account verification is ${status}; it cannot be paid`,
  upiUnpayable: (id: number, status: string) =>
    `Redemption ${id}: the member's UPI id is ${status}, not verified; it cannot be paid (verify it at KYC Verification)`,
  noUpi: 'This KYC submission has no UPI id',
} as const;

export const bankCheck = z.object({
  kycId: z.number().int(),
  status: z.enum(BANK_CHECK_STATUSES),
  kycName: z.string(),
  accountHolder: z.string(),
  bankName: z.string().nullable(),
  score: z.number().int().nullable(),
  checkedAt: z.string().nullable(),
  checkedBy: z.string().nullable(),
});
export type BankCheck = z.infer<typeof bankCheck>;

/**
 * UPI id verification (RazorpayX fund account validation of the VPA): the name the UPI id is
 * registered to, scored against the KYC name as for a bank account. With a verifier configured, a UPI
 * payout is made only to a `verified` UPI id.
 */
export const upiCheck = z.object({
  kycId: z.number().int(),
  status: z.enum(BANK_CHECK_STATUSES),
  kycName: z.string(),
  upiId: z.string().nullable(),
  registeredName: z.string().nullable(),
  score: z.number().int().nullable(),
  checkedAt: z.string().nullable(),
  checkedBy: z.string().nullable(),
});
export type UpiCheck = z.infer<typeof upiCheck>;

const tags = ['kyc'] as const;
export const bankVerificationEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/admin/kyc/:id/bank-verification',
    access: { page: KYC_VERIFICATION_PAGE },
    tags,
    summary: 'The bank account verification of a KYC submission: the bank’s name and the match score',
    params: idParams,
    response: bankCheck,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/admin/kyc/:id/bank-verification',
    access: { action: 'kyc.decide' },
    tags,
    summary: 'Verify the bank account with the bank (or ask again for a pending result); audited',
    params: idParams,
    response: bankCheck,
  }),
  getUpi: endpoint({
    method: 'GET',
    path: '/admin/kyc/:id/upi-verification',
    access: { page: KYC_VERIFICATION_PAGE },
    tags,
    summary: 'The UPI id verification of a KYC submission: the registered name and the match score',
    params: idParams,
    response: upiCheck,
  }),
  verifyUpi: endpoint({
    method: 'POST',
    path: '/admin/kyc/:id/upi-verification',
    access: { action: 'kyc.decide' },
    tags,
    summary: 'Verify the UPI id through the provider (or ask again for a pending result); audited',
    params: idParams,
    response: upiCheck,
  }),
};
