import type { AdjustmentRequestBody } from '@app/contract/adjustments';
import type { DecisionResult } from '@app/contract/decisions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pointsAdjustments } from '../../db/schema/ledger';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { notFound } from '../../lib/errors';
import { postEntry } from '../ledger';
import { lockMember } from '../members';
import { findAdjustment, lockAdjustment } from './adjustments.repository';

type StaffActor = Actor & { id: number };

/** Records the request only: nothing posts until a different staff account approves it. */
export async function requestAdjustment(
  app: FastifyInstance,
  actor: StaffActor,
  memberId: number,
  body: AdjustmentRequestBody,
) {
  return app.database.db.transaction(async (tx) => {
    if (!(await lockMember(tx, memberId))) throw notFound('Member');
    const [row] = await tx
      .insert(pointsAdjustments)
      .values({ memberId, amount: body.amount, reason: body.reason, requestedBy: actor.id })
      .returning({ id: pointsAdjustments.id });
    await audit(tx, actor, {
      action: 'adjustment.requested',
      entity: 'member',
      entityId: memberId,
      after: { adjustment: row!.id, ...body },
    });
    return (await findAdjustment(tx, row!.id))!;
  });
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockAdjustment>>>;

/**
 * Maker-checker (PRODUCT.md §2): the requester cannot decide their own request. Approval posts the
 * ledger entry under `adjustment:<id>`, so even a repeated approval could never post twice.
 */
export const adjustmentDecisions: DecisionFlow<Locked> = {
  entity: 'Adjustment',
  lock: lockAdjustment,
  wrongState: (adj) => (adj.status === 'pending' ? null : `This adjustment was already ${adj.status}`),
  makers: (adj) => [adj.requestedBy],
  makerMessage: 'You requested this adjustment; a different staff account must decide it',
  async apply(tx, adj, { actor, result, reason }) {
    let ledgerEntryId: number | null = null;
    if (result === 'approved') {
      const posted = await postEntry(tx, {
        memberId: adj.memberId,
        amount: adj.amount,
        kind: 'adjustment',
        reference: `adjustment:${adj.id}`,
        staffId: actor.id!,
        note: adj.reason,
      });
      ledgerEntryId = posted.entryId;
    }
    await tx
      .update(pointsAdjustments)
      .set({
        status: result,
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        decisionNote: reason,
        ledgerEntryId,
      })
      .where(eq(pointsAdjustments.id, adj.id));
    return {
      action: `adjustment.${result}`,
      entity: 'member',
      entityId: adj.memberId,
      before: { adjustment: adj.id, status: 'pending' },
      after: { adjustment: adj.id, status: result, amount: adj.amount, note: reason },
    };
  },
};

export const decideAdjustment = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: DecisionResult,
  note: string | undefined,
) =>
  decideOne(
    app,
    adjustmentDecisions,
    id,
    { actor, result, reason: note ?? null, input: undefined },
    async (tx, adjId) => (await findAdjustment(tx, adjId))!,
  );
