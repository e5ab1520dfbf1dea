import {
  type BulkDecisionBody,
  type BulkDecisionResult,
  bulkDecisionBody,
  bulkDecisionResult,
  type DecisionResult,
} from '@app/contract/decisions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { action } from './access-rules';
import { actorOf } from './audit';
import { type DecisionFlow, decideMany } from './decisions';
import { fieldError } from './errors';

export interface BulkDecisionRoutes<Row, Input> {
  /** The queue's path: the routes are `POST <path>/approve` and `POST <path>/reject`. */
  path: string;
  /** The action permission of deciding (contract/actions). */
  action: string;
  flow: DecisionFlow<Row, Input>;
  /** The flow's own body fields beside `ids` and `reason` (e.g. "issue replacements"), and its input. */
  input: { fields?: z.ZodRawShape; of: (body: Record<string, unknown>) => Input };
  tags: string[];
  /** What is decided, plural, for the summaries: "points adjustments". */
  noun: string;
  /** The results offered (both by default). */
  results?: readonly DecisionResult[];
}

const VERB: Record<DecisionResult, string> = { approved: 'approve', rejected: 'reject' };

/**
 * Bulk decisions of a flow: `{ ids, reason? }` → an outcome per row, decided or skipped with why
 * (not found, decided by someone else first, the decider's own request), in one transaction.
 * A reason the flow requires is asked for as `reason`, the field this body has.
 */
export function bulkDecisionRoutes<Row, Input>(
  app: FastifyInstance,
  options: BulkDecisionRoutes<Row, Input>,
) {
  const body = options.input.fields ? bulkDecisionBody.extend(options.input.fields) : bulkDecisionBody;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const result of options.results ?? (['approved', 'rejected'] as const)) {
    const verb = VERB[result];
    typed.post(
      `${options.path}/${verb}`,
      {
        config: { access: action(options.action) },
        schema: {
          tags: options.tags,
          summary: `${verb === 'approve' ? 'Approve' : 'Reject'} one or many ${options.noun}, with an outcome per row`,
          body,
          response: { 200: bulkDecisionResult },
        },
      },
      async (request): Promise<BulkDecisionResult> => {
        const { ids, reason: given } = request.body as BulkDecisionBody;
        const reason = given || null;
        if (options.flow.reasonRequired?.results.includes(result) && !reason)
          throw fieldError('reason', 'Give a reason');
        const input = options.input.of(request.body as Record<string, unknown>);
        const decision = { actor: actorOf(request), result, reason, input };
        return { outcomes: await decideMany(app, options.flow, ids, decision) };
      },
    );
  }
}
