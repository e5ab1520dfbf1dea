import {
  canMove,
  REDEMPTION_ENTITY,
  REFUNDED_STATUSES,
  type RedemptionKind,
  type RedemptionStatus,
} from '@app/contract/redemptions';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { redemptionEvents, redemptions, rewards } from '../../db/schema/redemptions';
import { type Actor, type AuditEntry, audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { postEntry } from '../ledger/ledger.service';
import { type LockedRedemption, lockRedemption } from './redemptions.repository';

/** The ledger reference of a redemption's hold and of its refund (unique per kind: once each). */
export const redemptionReference = (id: number) => `redemption:${id}`;

export const wrongStateMessage = (row: { status: string }, to: RedemptionStatus) =>
  `This redemption is ${row.status}; it cannot be ${to}`;

export interface Move {
  to: RedemptionStatus;
  /** The staff account moving it (null: the member, or the system). */
  staffId: number | null;
  byMember?: boolean;
  note?: string | null;
  /** Columns set with the move (UTR, courier, dates, voucher, approver…). */
  set?: Partial<typeof redemptions.$inferInsert>;
}

/**
 * The one place a redemption changes state (PRODUCT.md 3.6), on a row the caller has locked: a move
 * the kind's state machine does not allow answers 409 and changes nothing; the move is recorded in
 * the state history; moving to rejected, cancelled, failed or returned gives the points back once
 * (`redemption_refund` under the hold's reference, unique, so even a second refund could never post)
 * and a physical gift's units back to stock. Returns the audit entry of the move.
 */
export async function moveRedemption(tx: Executor, row: LockedRedemption, move: Move): Promise<AuditEntry> {
  const from = row.status as RedemptionStatus;
  if (!canMove(row.kind as RedemptionKind, from, move.to)) throw conflict(wrongStateMessage(row, move.to));
  const set: Partial<typeof redemptions.$inferInsert> = {
    ...move.set,
    status: move.to,
    updatedAt: new Date(),
  };
  if ((REFUNDED_STATUSES as readonly string[]).includes(move.to)) {
    const refund = await postEntry(tx, {
      memberId: row.memberId,
      amount: row.points,
      kind: 'redemption_refund',
      reference: redemptionReference(row.id),
      staffId: move.staffId,
      note: `Redemption ${row.id} ${move.to}`,
    });
    if (refund.posted) set.refundEntryId = refund.entryId;
    if (refund.posted && row.kind === 'gift' && row.rewardId !== null)
      await tx
        .update(rewards)
        .set({ stock: sql`${rewards.stock} + ${row.quantity}` })
        .where(sql`${rewards.id} = ${row.rewardId} and ${rewards.stock} is not null`);
  }
  await tx.update(redemptions).set(set).where(eq(redemptions.id, row.id));
  await tx.insert(redemptionEvents).values({
    redemptionId: row.id,
    fromStatus: from,
    toStatus: move.to,
    staffId: move.staffId,
    byMember: move.byMember ?? false,
    note: move.note ?? null,
  });
  const { updatedAt: _u, ...changed } = set;
  return {
    action: `redemption.${move.to}`,
    entity: REDEMPTION_ENTITY,
    entityId: row.id,
    before: { status: from },
    after: { ...changed, note: move.note ?? null },
  };
}

/** Locks one redemption, moves it and audits the move, all in the caller's transaction. */
export async function transition(
  tx: Executor,
  actor: Actor,
  redemptionId: number,
  move: Omit<Move, 'staffId'> & { check?: (row: LockedRedemption) => void },
): Promise<LockedRedemption> {
  const row = await lockRedemption(tx, redemptionId);
  if (!row) throw notFound('Redemption');
  if (!canMove(row.kind as RedemptionKind, row.status as RedemptionStatus, move.to))
    throw conflict(wrongStateMessage(row, move.to));
  move.check?.(row);
  await audit(tx, actor, await moveRedemption(tx, row, { ...move, staffId: actor.id }));
  return row;
}
