import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParams, recordId, uniqueArray } from './input';
import { REDEMPTION_PAGE } from './redemptions';

/**
 * Payout batches (Approvals → Redemption → Payouts): finance gathers approved cash redemptions into a
 * batch, a second person releases it, and each line is paid through the payout API (RazorpayX) or a
 * bank's bulk-upload file. Money in integer paise.
 */

export const PAYOUT_ENTITY = 'payout_batch';
export const PAYOUT_RAILS = ['api', 'bank_file'] as const;
export type PayoutRail = (typeof PAYOUT_RAILS)[number];
export const PAYOUT_RAIL_LABELS: Record<PayoutRail, string> = {
  api: 'Payout API (RazorpayX)',
  bank_file: 'Bank file',
};

/** draft (prepared, waiting for a second person) → released (being paid) → completed (every line settled). */
export const PAYOUT_BATCH_STATUSES = ['draft', 'released', 'completed', 'cancelled'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/**
 * One line (one redemption): queued → sending (request on its way; resumed with the same idempotency
 * key if we never recorded the answer) → pending (the provider has it) → processed | failed | reversed.
 */
export const PAYOUT_LINE_STATUSES = [
  'queued',
  'sending',
  'pending',
  'processed',
  'failed',
  'reversed',
] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];
export const FINAL_LINE_STATUSES = ['processed', 'failed', 'reversed'] as const;

export const PAYOUT_MESSAGES = {
  chooseSome: 'Choose redemptions, or an amount to pay up to',
  upToRange: 'An amount in rupees from ₹1 to ₹10,00,00,000',
  nothingToPay: 'No approved cash redemption is waiting for a payout',
  notApproved: (id: number, status: string) => `Redemption ${id} is ${status}, not approved cash`,
  alreadyBatched: (id: number) => `Redemption ${id} is already in a payout batch`,
  makerChecker: 'A batch is released by a second person, not the one who prepared it',
  approverReleases: (ids: number[]) =>
    `You approved redemption ${ids.join(', ')}: a second person releases its payout`,
  notDraft: (status: string) => `This batch is ${status}; only a prepared batch can be released or cancelled`,
  upiByFile: (id: number) => `Redemption ${id} is paid to UPI: the bank file pays bank accounts only`,
  notFileBatch: 'Only a released bank-file batch has a bank file',
  railUnavailable: 'The payout API is not configured (RAZORPAYX_KEY_ID and the others)',
} as const;

/**
 * What the new-batch dialog needs: the rails this server can pay through (the payout API only when
 * configured), and the approved cash redemptions waiting for a batch by where they are paid, since
 * a bank file pays bank accounts only.
 */
export const payoutRailsAnswer = z.object({
  configured: z.array(z.enum(PAYOUT_RAILS)),
  waiting: z.object({ bank: z.number().int(), upi: z.number().int() }),
});
export type PayoutRailsAnswer = z.infer<typeof payoutRailsAnswer>;

/** The dialog's word on UPI redemptions: the payout API pays them; without it, only a person can. */
export const upiRailNote = (upi: number, apiConfigured: boolean) =>
  `${upi} UPI redemption${upi === 1 ? '' : 's'} can't go in a bank file; ${
    apiConfigured ? 'the payout API pays them' : 'mark them paid by hand (Cash tab)'
  }`;

export const payoutBatchCreateBody = z
  .object({
    rail: z.enum(PAYOUT_RAILS, { error: 'Choose the payout API or the bank file' }),
    ids: uniqueArray(recordId(), 10_000).optional(),
    /** "All approved up to ₹X": the oldest approved cash redemptions whose net sum stays within it. */
    upToRupees: z
      .number({ error: PAYOUT_MESSAGES.upToRange })
      .int(PAYOUT_MESSAGES.upToRange)
      .min(1, PAYOUT_MESSAGES.upToRange)
      .max(100_000_000, PAYOUT_MESSAGES.upToRange)
      .optional(),
  })
  .refine((b) => (b.ids?.length ?? 0) > 0 || b.upToRupees !== undefined, {
    message: PAYOUT_MESSAGES.chooseSome,
    path: ['ids'],
  });
export type PayoutBatchCreateBody = z.infer<typeof payoutBatchCreateBody>;

export const payoutBatchRow = z.object({
  id: z.number().int(),
  rail: z.enum(PAYOUT_RAILS),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  lines: z.number().int(),
  totalPaise: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  releasedBy: z.string().nullable(),
  releasedAt: z.string().nullable(),
});
export type PayoutBatchRow = z.infer<typeof payoutBatchRow>;

export const payoutLineRow = z.object({
  id: z.number().int(),
  redemptionId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  payoutTo: z.string().nullable(),
  mode: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type PayoutLineRow = z.infer<typeof payoutLineRow>;

export const payoutBatchDetail = payoutBatchRow.extend({ items: z.array(payoutLineRow) });
export type PayoutBatchDetail = z.infer<typeof payoutBatchDetail>;

export const bankResponseResult = z.object({
  rows: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type BankResponseResult = z.infer<typeof bankResponseResult>;
/** A bank's reverse file, as text (ENet: ASCII, comma-separated). */
export const BANK_RESPONSE_MAX_BYTES = 5_000_000;

const tags = ['payouts'] as const;
const page = { page: REDEMPTION_PAGE } as const;
/** Payout batches and the provider's webhook. */
export const payoutEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/payout-batches',
    access: page,
    tags,
    summary: 'Payout batches, newest first',
    response: z.array(payoutBatchRow),
  }),
  rails: endpoint({
    method: 'GET',
    path: '/admin/payout-rails',
    access: page,
    tags,
    summary: 'The payout rails configured here, and the approved cash redemptions waiting (bank, UPI)',
    response: payoutRailsAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/payout-batches/:id',
    access: page,
    tags,
    summary: 'One payout batch with its lines',
    params: idParams,
    response: payoutBatchDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/payout-batches',
    access: { action: 'payouts.prepare' },
    tags,
    summary: 'Prepare a batch of approved cash redemptions (chosen, or all up to an amount)',
    body: payoutBatchCreateBody,
    response: payoutBatchDetail,
  }),
  release: endpoint({
    method: 'POST',
    path: '/admin/payout-batches/:id/release',
    access: { action: 'payouts.release' },
    tags,
    summary: 'Release a prepared batch (a second person): the payouts are sent',
    params: idParams,
    response: payoutBatchDetail,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/payout-batches/:id/cancel',
    access: { action: 'payouts.prepare' },
    tags,
    summary: 'Cancel a prepared batch (its redemptions may be batched again)',
    params: idParams,
    response: payoutBatchDetail,
  }),
  bankFile: endpoint({
    method: 'GET',
    path: '/admin/payout-batches/:id/bank-file',
    access: { action: 'payouts.release' },
    tags,
    summary:
      'The HDFC ENet bulk-upload file of a released bank-file batch: produced once, every copy the same bytes, numbered (X-File-Copy) and audited',
    params: idParams,
    file: true,
  }),
  bankResponse: endpoint({
    method: 'POST',
    path: '/admin/payout-batches/:id/bank-response',
    access: { action: 'redemptions.pay' },
    tags,
    summary: "Upload the bank's reverse file (text/csv): each line paid with its UTR or failed and refunded",
    params: idParams,
    body: z.string().max(BANK_RESPONSE_MAX_BYTES),
    response: bankResponseResult,
  }),
  razorpayxWebhook: endpoint({
    method: 'POST',
    path: '/payouts/webhooks/razorpayx',
    access: 'public',
    tags,
    summary: 'RazorpayX payout events (signed: X-Razorpay-Signature, HMAC-SHA256 of the raw body)',
    response: z.object({ applied: z.boolean() }),
  }),
};
