import { z } from 'zod';
import type { ActionId } from './actions';
import type { Endpoint } from './endpoint';
import { recordId, text, uniqueArray } from './input';

/**
 * Approve/reject flows (members, KYC, damaged reports, points adjustments, schemes; later redemptions,
 * projects, feedback) share one server mechanism (apps/server lib/decisions) and these shapes.
 */
export const DECISION_RESULTS = ['approved', 'rejected'] as const;
export type DecisionResult = (typeof DECISION_RESULTS)[number];

/** What became of one row of a bulk decision: decided, or skipped with the reason. */
export const decisionOutcome = z.object({
  id: z.number().int(),
  outcome: z.enum(['approved', 'rejected', 'skipped']),
  /** Why a row was skipped: not found, already decided, the requester's own, ... */
  error: z.string().optional(),
});
export type DecisionOutcome = z.infer<typeof decisionOutcome>;

export const MAX_BULK_DECISIONS = 500;

/** Body of a bulk decision: the rows, and the reason the flow may require. */
export const bulkDecisionBody = z.object({
  ids: uniqueArray(recordId(), MAX_BULK_DECISIONS, {
    error: 'Choose at least one row',
    tooMany: `At most ${MAX_BULK_DECISIONS} rows at a time`,
  }).min(1, 'Choose at least one row'),
  reason: text(500, { multiline: true, tooLong: 'At most 500 characters' }).optional(),
});
export type BulkDecisionBody = z.infer<typeof bulkDecisionBody>;

export const bulkDecisionResult = z.object({ outcomes: z.array(decisionOutcome) });
export type BulkDecisionResult = z.infer<typeof bulkDecisionResult>;

/**
 * A decision flow's bulk endpoint as the web's one bulk-decision button calls it: `{ ids, reason? }`
 * in, each row's outcome out, behind the action of the decision.
 */
export type BulkDecisionEndpoint = Endpoint & {
  readonly method: 'POST';
  readonly access: { readonly action: ActionId };
  /** `{ outcomes }`, or a flow's answer that carries it beside its own fields (members' `done`, `skipped`). */
  readonly response: z.ZodType<BulkDecisionResult>;
};
