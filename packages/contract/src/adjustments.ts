import { z } from 'zod';
import { endpoint } from './endpoint';
import { bulkDecisionEndpoints, listEndpoints } from './endpoint-kits';
import { idParams, text } from './input';
import { reasonText } from './members';

/** Manual points adjustments (maker-checker): requested by one staff account, decided by another. */
export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const adjustmentRequestBody = z.object({
  amount: z
    .number({ error: 'Enter the points to add (positive) or remove (negative)' })
    .int('Points are whole numbers')
    .refine((n) => n !== 0, 'Points cannot be zero')
    .refine((n) => Math.abs(n) <= 1_000_000, 'At most 1,000,000 points at a time'),
  reason: reasonText,
});
export type AdjustmentRequestBody = z.infer<typeof adjustmentRequestBody>;

export const adjustmentDecisionBody = z.object({
  note: text(500, { multiline: true, tooLong: 'At most 500 characters' }).optional(),
});

export const adjustmentRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.number().int(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  ledgerEntryId: z.number().int().nullable(),
});
export type AdjustmentRow = z.infer<typeof adjustmentRow>;

export const ADJUSTMENT_FILTERS = ['status', 'memberId', 'requestedBy'] as const;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['adjustments'] as const;
const deciding = { action: 'adjustments.decide' } as const;
const decideOf = <const P extends `/${string}`>(path: P, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    access: deciding,
    tags,
    summary,
    params: idParams,
    body: adjustmentDecisionBody,
    response: adjustmentRow,
  });

/** Manual points adjustments on All Users: request, then a second person approves or rejects. */
export const adjustmentsEndpoints = {
  ...listEndpoints('/admin/adjustments', {
    access: { page: '/dashboard/users' },
    row: adjustmentRow,
    tags,
    summary: 'Adjustment requests',
  }),
  request: endpoint({
    method: 'POST',
    path: '/admin/users/:id/adjustments',
    access: { action: 'adjustments.request' },
    tags,
    summary: 'Request a manual adjustment (posts only when approved)',
    params: idParams,
    body: adjustmentRequestBody,
    response: adjustmentRow,
  }),
  approve: decideOf('/admin/adjustments/:id/approve', 'Approve (and post) — not by the requester'),
  reject: decideOf('/admin/adjustments/:id/reject', 'Reject — not by the requester'),
  bulk: bulkDecisionEndpoints('/admin/adjustments', {
    action: 'adjustments.decide',
    noun: 'points adjustments (not by their requester)',
    tags,
  }),
};
