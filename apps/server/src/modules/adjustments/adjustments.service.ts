import type { AdjustmentRequestBody } from '@app/contract/adjustments';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pointsAdjustments } from '../../db/schema/ledger';
import { type Actor, audit } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { postEntry } from '../ledger/ledger.service';
import { lockMember } from '../members/members.repository';
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

/**
 * Maker-checker (PRODUCT.md §2): the requester cannot decide their own request. Approval posts the
 * ledger entry under `adjustment:<id>`, so even a repeated approval could never post twice.
 */
export async function decideAdjustment(
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: 'approved' | 'rejected',
  note: string | undefined,
) {
  return app.database.db.transaction(async (tx) => {
    const adj = await lockAdjustment(tx, id);
    if (!adj) throw notFound('Adjustment');
    if (adj.status !== 'pending') throw conflict(`This adjustment was already ${adj.status}`);
    if (adj.requestedBy === actor.id) {
      throw new AppError(
        409,
        'maker_checker',
        'You requested this adjustment; a different staff account must decide it',
      );
    }
    let ledgerEntryId: number | null = null;
    if (result === 'approved') {
      const posted = await postEntry(tx, {
        memberId: adj.memberId,
        amount: adj.amount,
        kind: 'adjustment',
        reference: `adjustment:${id}`,
        staffId: actor.id,
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
        decisionNote: note ?? null,
        ledgerEntryId,
      })
      .where(eq(pointsAdjustments.id, id));
    await audit(tx, actor, {
      action: `adjustment.${result}`,
      entity: 'member',
      entityId: adj.memberId,
      before: { adjustment: id, status: 'pending' },
      after: { adjustment: id, status: result, amount: adj.amount, note: note ?? null },
    });
    return (await findAdjustment(tx, id))!;
  });
}
