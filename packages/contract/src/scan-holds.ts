import { z } from 'zod';
import { SCAN_HISTORY_PAGE } from './coupon-scans';
import { endpoint } from './endpoint';
import { historyEndpoint, listEndpoints } from './endpoint-kits';
import { idParams, text } from './input';

/**
 * Held scan credits and their review: QR Scan History → Review. A scan that meets a
 * fraud rule whose action is `hold` is credited but its points are held (part of the balance, not
 * redeemable, not expiring) until a reviewer clears them or a reversal is approved. The Review list
 * shows every flagged scan (credited with a fraud flag) and, for held ones, the hold:
 * - claim: one reviewer at a time (`scans.review`); clear: the claimant releases the points, once;
 * - reverse: the claimant asks for a reversal with a reason (`scans.review`); another person approves
 *   (`scans.review-approve`; maker-checker): a `scan_reversal` entry debits exactly the held points
 *   (never an edit), or rejects it (held again). The coupon stays scanned: a reversed code is not
 *   scannable again (it was used in a way the programme refused).
 */
export const SCAN_HOLD_STATUSES = ['held', 'reversal_requested', 'cleared', 'reversed'] as const;
export type ScanHoldStatus = (typeof SCAN_HOLD_STATUSES)[number];
export const SCAN_HOLD_STATUS_LABELS: Record<ScanHoldStatus, string> = {
  held: 'Held',
  reversal_requested: 'Reversal requested',
  cleared: 'Cleared',
  reversed: 'Reversed',
};
/** The Review list's `review` filter: a hold's status, or `flagged` (flagged, never held). */
export const SCAN_REVIEW_FILTER = [...SCAN_HOLD_STATUSES, 'flagged'] as const;

export const SCAN_HOLD_MESSAGES = {
  claimedByOther: (name: string) => `${name} is reviewing this scan; it is theirs to clear or reverse`,
  notClaimed: 'Claim this scan first: one reviewer at a time',
  reason: 'Give the reason for the reversal',
  makerChecker: 'You asked for this reversal; someone else must approve it',
} as const;

export const scanReviewRow = z.object({
  /** The scan's id. */
  id: z.number().int(),
  createdAt: z.string(),
  memberId: z.number().int(),
  memberCode: z.string().nullable(),
  memberName: z.string().nullable(),
  code: z.string(),
  couponSerial: z.number().int().nullable(),
  sku: z.string().nullable(),
  points: z.number().int().nullable(),
  /** The rules the scan met. */
  flags: z.array(z.string()),
  holdId: z.number().int().nullable(),
  holdStatus: z.enum(SCAN_HOLD_STATUSES).nullable(),
  heldPoints: z.number().int().nullable(),
  claimedBy: z.number().int().nullable(),
  claimedByName: z.string().nullable(),
  reversalReason: z.string().nullable(),
  reversalRequestedBy: z.number().int().nullable(),
  reversalRequestedByName: z.string().nullable(),
});
export type ScanReviewRow = z.infer<typeof scanReviewRow>;

export const scanHoldRow = z.object({
  id: z.number().int(),
  scanId: z.number().int(),
  memberId: z.number().int(),
  points: z.number().int(),
  rules: z.array(z.string()),
  status: z.enum(SCAN_HOLD_STATUSES),
  claimedBy: z.number().int().nullable(),
  claimedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
  reversalRequestedBy: z.number().int().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  reversalEntryId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ScanHoldRow = z.infer<typeof scanHoldRow>;

export const scanHoldReasonBody = z.object({
  reason: text(500, { multiline: true, required: SCAN_HOLD_MESSAGES.reason }),
});
export const scanHoldDecisionBody = z.object({ reason: text(500, { multiline: true }).nullish() });

const tags = ['Scan review'];
const page = { page: SCAN_HISTORY_PAGE } as const;
const review = { action: 'scans.review' } as const;
const approve = { action: 'scans.review-approve' } as const;

export const scanHoldsEndpoints = {
  ...listEndpoints('/admin/scan-holds', {
    access: page,
    row: scanReviewRow,
    tags,
    summary: 'QR Scan History → Review: flagged and held scans',
  }),
  claim: endpoint({
    method: 'POST',
    path: '/admin/scan-holds/:id/claim',
    access: review,
    tags,
    summary: 'Claim a held scan for review (one reviewer at a time)',
    params: idParams,
    response: scanHoldRow,
  }),
  clear: endpoint({
    method: 'POST',
    path: '/admin/scan-holds/:id/clear',
    access: review,
    tags,
    summary: 'Clear a held scan: its points become redeemable (once; by the reviewer who claimed it)',
    params: idParams,
    response: scanHoldRow,
  }),
  requestReversal: endpoint({
    method: 'POST',
    path: '/admin/scan-holds/:id/reverse',
    access: review,
    tags,
    summary: 'Ask for the reversal of a held scan, with a reason; a second person approves it',
    params: idParams,
    body: scanHoldReasonBody,
    response: scanHoldRow,
  }),
  approveReversal: endpoint({
    method: 'POST',
    path: '/admin/scan-holds/:id/reversal/approve',
    access: approve,
    tags,
    summary: 'Approve a reversal (not by who asked): posts a correcting entry of the held points',
    params: idParams,
    body: scanHoldDecisionBody,
    response: scanHoldRow,
  }),
  rejectReversal: endpoint({
    method: 'POST',
    path: '/admin/scan-holds/:id/reversal/reject',
    access: approve,
    tags,
    summary: 'Reject a reversal, with a reason: the scan is held again',
    params: idParams,
    body: scanHoldDecisionBody,
    response: scanHoldRow,
  }),
  history: historyEndpoint('/admin/scan-holds', page, 'scan hold', tags),
};

/** What a member is told when a redemption would need held points, in the member's language. */
export const HELD_POINTS_MESSAGES = {
  notAvailable: (available: number, held: number) => ({
    en: `Only ${available.toLocaleString('en-IN')} of your points can be redeemed now: ${held.toLocaleString('en-IN')} are on hold for review`,
    hi: `अभी आपके केवल ${available.toLocaleString('en-IN')} पॉइंट्स रिडीम हो सकते हैं: ${held.toLocaleString('en-IN')} पॉइंट्स जाँच के लिए रोके गए हैं`,
  }),
} as const;
