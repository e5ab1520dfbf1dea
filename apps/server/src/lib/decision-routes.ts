import type { ActionId } from '@app/contract/actions';
import type { BulkDecisionBody, BulkDecisionResult, DecisionResult } from '@app/contract/decisions';
import type { Endpoint } from '@app/contract/endpoint';
import { bulkDecisionEndpoints } from '@app/contract/endpoint-kits';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route } from '../plugins/endpoint-routes';
import { actorOf } from './audit';
import { type DecisionFlow, decideMany } from './decisions';
import { fieldError } from './errors';

export interface BulkDecisionRoutes<Row, Input> {
  /** The contract's declarations (`bulkDecisionEndpoints`); without them, `path` and `action` say it. */
  endpoints?: { approve: Endpoint; reject: Endpoint };
  /** The queue's path: the routes are `POST <path>/approve` and `POST <path>/reject`. */
  path?: string;
  /** The action permission of deciding (contract/actions). */
  action?: ActionId;
  flow: DecisionFlow<Row, Input>;
  /** The flow's own body fields beside `ids` and `reason` (e.g. "issue replacements"), and its input. */
  input: { fields?: z.ZodRawShape; of: (body: Record<string, unknown>) => Input };
  tags: string[];
  /** What is decided, plural, for the summaries: "points adjustments". */
  noun: string;
  /** The results offered (both by default). */
  results?: readonly DecisionResult[];
}

const VERB: Record<DecisionResult, 'approve' | 'reject'> = { approved: 'approve', rejected: 'reject' };

/**
 * Bulk decisions of a flow: `{ ids, reason? }` → an outcome per row, decided or skipped with why
 * (not found, decided by someone else first, the decider's own request), in one transaction.
 * A reason the flow requires is asked for as `reason`, the field this body has.
 */
export function bulkDecisionRoutes<Row, Input>(
  app: FastifyInstance,
  options: BulkDecisionRoutes<Row, Input>,
) {
  const declared =
    options.endpoints ??
    bulkDecisionEndpoints(options.path as `/${string}`, {
      action: options.action!,
      noun: options.noun,
      tags: options.tags,
      fields: options.input.fields,
    });
  for (const result of options.results ?? (['approved', 'rejected'] as const)) {
    route(app, declared[VERB[result]], async (request): Promise<BulkDecisionResult> => {
      const { ids, reason: given } = request.body as BulkDecisionBody;
      const reason = given || null;
      if (options.flow.reasonRequired?.results.includes(result) && !reason)
        throw fieldError('reason', 'Give a reason');
      const input = options.input.of(request.body as Record<string, unknown>);
      const decision = { actor: actorOf(request), result, reason, input };
      return { outcomes: await decideMany(app, options.flow, ids, decision) };
    });
  }
}
