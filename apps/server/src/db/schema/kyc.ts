import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * KYC submissions (PRODUCT.md §3.5). Aadhaar: only the last four digits. PAN and bank account:
 * AES-256-GCM ciphertext (lib/field-crypto.ts) plus the last four characters for masked display.
 * A resubmission is a new row; the member's `kyc_status` follows the latest one.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** submitted | approved | rejected */
    status: text('status').notNull().default('submitted'),
    aadhaarLast4: text('aadhaar_last4').notNull(),
    aadhaarFrontFileId: integer('aadhaar_front_file_id').notNull(),
    aadhaarBackFileId: integer('aadhaar_back_file_id').notNull(),
    panCipher: text('pan_cipher').notNull(),
    panLast4: text('pan_last4').notNull(),
    panFileId: integer('pan_file_id').notNull(),
    /**
     * Keyed hashes (HMAC, lib/field-crypto `keyedHash`) of the PAN and of the bank account (bank code
     * + number), so the same PAN or account on another member is found without decrypting (the fraud
     * rules). Null on submissions made before they existed.
     */
    panHash: text('pan_hash'),
    accountHash: text('account_hash'),
    /** Keyed hash of the UPI id (lower case), for the same-UPI fraud rule. */
    upiHash: text('upi_hash'),
    accountHolder: text('account_holder').notNull(),
    accountCipher: text('account_cipher').notNull(),
    accountLast4: text('account_last4').notNull(),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name').notNull(),
    chequeFileId: integer('cheque_file_id').notNull(),
    upiId: text('upi_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: integer('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reasonCode: text('reason_code'),
    comment: text('comment'),
    /** Bank account verification: unverified | pending | verified | mismatch | failed. */
    bankCheckStatus: text('bank_check_status').notNull().default('unverified'),
    /** The provider's validation id (RazorpayX `fav_…`) while pending and after. */
    bankCheckId: text('bank_check_id'),
    /** The account holder's name as the bank holds it. */
    bankCheckName: text('bank_check_name'),
    /** Name match of the bank's name against the member's KYC name, 0–100. */
    bankCheckScore: integer('bank_check_score'),
    bankCheckedAt: timestamp('bank_checked_at', { withTimezone: true }),
    bankCheckedBy: integer('bank_checked_by'),
    /**
     * UPI id verification (RazorpayX fund account validation of the VPA): the same states;
     * a UPI id not `verified` is not paid once a verifier is configured.
     */
    upiCheckStatus: text('upi_check_status').notNull().default('unverified'),
    upiCheckId: text('upi_check_id'),
    /** The name the UPI id is registered to, as the provider returns it. */
    upiCheckName: text('upi_check_name'),
    upiCheckScore: integer('upi_check_score'),
    upiCheckedAt: timestamp('upi_checked_at', { withTimezone: true }),
    upiCheckedBy: integer('upi_checked_by'),
  },
  (t) => [
    index('kyc_status_idx').on(t.status, t.submittedAt, t.id),
    index('kyc_member_idx').on(t.memberId, t.id),
    index('kyc_decided_idx').on(t.decidedAt, t.id),
    index('kyc_pan_hash_idx').on(t.panHash),
    index('kyc_account_hash_idx').on(t.accountHash),
    index('kyc_upi_hash_idx').on(t.upiHash),
  ],
);
