import { SCAN_HOLD_MESSAGES, type ScanHoldRow } from '@app/contract/scan-holds';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, type AuditEntry, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { AppError, conflict, notFound, sqlStateOf } from '../../lib/errors';
import { queueStepMessage } from '../messages';
import { recordWebhookEvent } from '../webhooks';
import * as repo from './scan-holds.repository';

export const SCAN_HOLDS_ENTITY = 'scan_holds';
export const reviewList = repo.reviewList;

type StaffActor = Actor & { id: number };

async function load(db: Executor, id: number): Promise<ScanHoldRow> {
  const row = await repo.findHold(db, id);
  if (!row) throw notFound('Held scan');
  return row;
}

const snapshot = (h: ScanHoldRow) => ({
  status: h.status,
  points: h.points,
  memberId: h.memberId,
  scanId: h.scanId,
  claimedBy: h.claimedBy,
  reversalReason: h.reversalReason,
  reversalRequestedBy: h.reversalRequestedBy,
  reversalEntryId: h.reversalEntryId,
});

/**
 * One step of a hold by its reviewer, in one transaction: the hold row is locked first (so concurrent
 * steps on one hold queue and the later one sees the earlier's state), then checked, changed, audited.
 */
async function step(
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  change: (tx: Tx, hold: ScanHoldRow) => Promise<string>,
): Promise<ScanHoldRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await repo.lockHold(tx, id);
    if (!before) throw notFound('Held scan');
    const action = await change(tx, before);
    const after = await load(tx, id);
    await audit(tx, actor, {
      action,
      entity: SCAN_HOLDS_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

const stateError = (h: ScanHoldRow) =>
  conflict(
    h.status === 'held'
      ? 'This scan is still held'
      : h.status === 'reversal_requested'
        ? 'A reversal of this scan waits for approval'
        : `This scan is already ${h.status}`,
  );

/** The claimant's own: a held scan claimed by someone else is theirs; an unclaimed one must be claimed. */
async function mustBeClaimant(tx: Executor, hold: ScanHoldRow, actor: StaffActor) {
  if (hold.claimedBy === null) throw new AppError(409, 'not_claimed', SCAN_HOLD_MESSAGES.notClaimed);
  if (hold.claimedBy !== actor.id)
    throw new AppError(
      409,
      'claimed_by_other',
      SCAN_HOLD_MESSAGES.claimedByOther(await repo.staffName(tx, hold.claimedBy)),
    );
}

/** Claims a held scan: one reviewer at a time; claiming one's own claim again changes nothing. */
export const claimHold = (app: FastifyInstance, actor: StaffActor, id: number) =>
  step(app, actor, id, async (tx, hold) => {
    if (hold.status !== 'held') throw stateError(hold);
    if (hold.claimedBy !== null && hold.claimedBy !== actor.id)
      throw new AppError(
        409,
        'claimed_by_other',
        SCAN_HOLD_MESSAGES.claimedByOther(await repo.staffName(tx, hold.claimedBy)),
      );
    await tx.execute(
      sql`update scan_holds set claimed_by = ${actor.id}, claimed_at = now() where id = ${id}`,
    );
    return 'scan_hold.claimed';
  });

/** Clears a held scan (its claimant): the points become redeemable, exactly once (clear_scan_hold). */
export const clearHold = (app: FastifyInstance, actor: StaffActor, id: number) =>
  step(app, actor, id, async (tx, hold) => {
    if (hold.status !== 'held') throw stateError(hold);
    await mustBeClaimant(tx, hold, actor);
    await tx.execute(sql`update scan_holds set status = 'cleared', decided_by = ${actor.id}, decided_at = now()
      where id = ${id}`);
    await tx.execute(sql`select clear_scan_hold(${id}::bigint)`);
    await recordWebhookEvent(tx, 'scan.cleared', hold.memberId, {
      memberId: hold.memberId,
      holdId: id,
      scanId: hold.scanId,
      points: hold.points,
    });
    // The member was told the points are held: they are told, once, that they can now redeem them.
    const { rows } = await tx.execute<{ code: string }>(
      sql`select code from coupon_scans where id = ${hold.scanId}`,
    );
    await queueStepMessage(
      tx,
      hold.memberId,
      'scan.hold_cleared',
      { points: hold.points.toLocaleString('en-IN'), code: rows[0]?.code ?? `#${hold.scanId}` },
      { kind: 'scan_hold.cleared', id },
    );
    return 'scan_hold.cleared';
  });

/** Asks for the reversal of a held scan (its claimant), with a reason; someone else approves it. */
export const requestReversal = (app: FastifyInstance, actor: StaffActor, id: number, reason: string) =>
  step(app, actor, id, async (tx, hold) => {
    if (hold.status !== 'held') throw stateError(hold);
    await mustBeClaimant(tx, hold, actor);
    await tx.execute(sql`update scan_holds set status = 'reversal_requested', reversal_reason = ${reason},
      reversal_requested_by = ${actor.id}, reversal_requested_at = now() where id = ${id}`);
    return 'scan_hold.reversal_requested';
  });

/**
 * The reversal's decision through the shared mechanism: only a requested reversal can be decided, never
 * by who asked for it (maker-checker). Approval posts one `scan_reversal` debit of exactly the held
 * points (reverse_scan_hold: reference `scan-hold:<id>`, once) and closes the held lots; rejection puts
 * the scan back to held (claimed by the same reviewer). The coupon stays scanned.
 */
const reversalDecisions: DecisionFlow<ScanHoldRow> = {
  entity: 'Held scan',
  lock: (tx, id) => repo.lockHold(tx, id),
  wrongState: (h) =>
    h.status === 'reversal_requested'
      ? null
      : h.status === 'held'
        ? 'No reversal of this scan was asked for'
        : `This scan is already ${h.status}`,
  makers: (h) => [h.reversalRequestedBy],
  makerMessage: SCAN_HOLD_MESSAGES.makerChecker,
  reasonRequired: { results: ['rejected'], field: 'reason' },
  async apply(tx, before, { actor, result, reason }): Promise<AuditEntry> {
    if (result === 'approved') {
      let entryId: number;
      try {
        const { rows } = await tx.execute(
          sql`select reverse_scan_hold(${before.id}::bigint, ${actor.id}::int, ${`Scan reversed: ${before.reversalReason ?? ''}`.slice(0, 500)}::text)::float8 as "entryId"`,
        );
        entryId = Number((rows[0] as { entryId: number }).entryId);
      } catch (error) {
        if (sqlStateOf(error) === 'PT409') throw conflict('This scan is already reversed');
        throw error;
      }
      await tx.execute(sql`update scan_holds set status = 'reversed', decided_by = ${actor.id}, decided_at = now(),
        reversal_entry_id = ${entryId} where id = ${before.id}`);
    } else {
      await tx.execute(sql`update scan_holds set status = 'held', reversal_requested_by = null,
        reversal_requested_at = null where id = ${before.id}`);
    }
    const after = await load(tx, before.id);
    return {
      action: result === 'approved' ? 'scan_hold.reversed' : 'scan_hold.reversal_rejected',
      entity: SCAN_HOLDS_ENTITY,
      entityId: before.id,
      before: snapshot(before),
      after: { ...snapshot(after), reason },
    };
  },
};

export const decideReversal = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: 'approved' | 'rejected',
  reason: string | null,
) => decideOne(app, reversalDecisions, id, { actor, result, reason, input: undefined }, load);

export async function getHold(app: FastifyInstance, id: number) {
  return load(app.database.db, id);
}

/** A member's held points and the scans held (member app). */
export const heldOfMember = repo.heldOfMember;
