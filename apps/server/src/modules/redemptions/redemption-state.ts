import {
  canMove,
  REDEMPTION_ENTITY,
  REFUNDED_STATUSES,
  type RedemptionKind,
  type RedemptionStatus,
  TDS_SETTLING_STATUSES,
} from '@app/contract/redemptions';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { redemptionEvents, redemptions, rewards } from '../../db/schema/redemptions';
import { type Actor, type AuditEntry, audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { intArray, textArray } from '../../lib/raw-sql';
import { postEntry } from '../ledger';
import { queueRedemptionMessages } from '../messages';
import { recordWebhookEvents } from '../webhooks';
import { recomputeTds } from './redemption-tds';
import { type LockedRedemption, lockRedemption } from './redemptions.repository';

/** The ledger reference of a redemption's hold and of its refund (unique per kind: once each). */
export const redemptionReference = (id: number) => `redemption:${id}`;

export const wrongStateMessage = (row: { status: string }, to: RedemptionStatus) =>
  `This redemption is ${row.status}; it cannot be ${to}`;

export interface Move {
  to: RedemptionStatus;
  /** The staff account moving it (null: the member, or the system). */
  staffId: number | null;
  /** Who moves it, for the audit of what the move recomputes (the TDS of the member's other redemptions). */
  actor?: Actor;
  byMember?: boolean;
  note?: string | null;
  /** One note per row, in row order, instead of `note` (a UTR upload: each row's own UTR). */
  notes?: readonly string[];
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
  const [entry] = await moveRedemptions(tx, [row], move);
  return entry!;
}

/**
 * `moveRedemption` of many locked rows at once (a bulk decision), set-based: one UPDATE of the rows
 * and one INSERT of their history whatever their number; only a refund posts row by row (the ledger's
 * `post_points`, which keeps each member's balance exact). Returns the audit entries in row order.
 */
export async function moveRedemptions(
  tx: Executor,
  rows: readonly LockedRedemption[],
  move: Move,
): Promise<AuditEntry[]> {
  if (rows.length === 0) return [];
  for (const row of rows)
    if (!canMove(row.kind as RedemptionKind, row.status as RedemptionStatus, move.to))
      throw conflict(wrongStateMessage(row, move.to));
  const set: Partial<typeof redemptions.$inferInsert> = {
    ...move.set,
    status: move.to,
    updatedAt: new Date(),
  };
  const actor = move.actor ?? { id: move.staffId, role: null, requestId: null };
  const scopes = rows.map((row) => ({ memberId: row.memberId, financialYear: row.financialYear }));
  // Approving or settling recomputes the rows' own TDS on what stands now (a refund of another of the
  // member's redemptions skips rows another transaction holds); settling fixes it for good.
  if (move.to === 'approved' || (TDS_SETTLING_STATUSES as readonly string[]).includes(move.to))
    await recomputeTds(
      tx,
      scopes,
      actor,
      rows.map((row) => row.id),
    );
  const refunding = (REFUNDED_STATUSES as readonly string[]).includes(move.to);
  const refunds = refunding ? await refund(tx, rows, move) : new Map<number, number | null>();
  const ids = intArray(rows.map((row) => row.id));
  await tx
    .update(redemptions)
    .set(
      refunds.size === 0
        ? set
        : {
            ...set,
            refundEntryId: sql`coalesce((${intArray(
              rows.map((row) => refunds.get(row.id) ?? null),
              'int',
            )})[array_position(${ids}, ${redemptions.id})], ${redemptions.refundEntryId})`,
          },
    )
    .where(sql`${redemptions.id} = any(${ids})`);
  await tx.execute(sql`
    insert into ${redemptionEvents} (redemption_id, from_status, to_status, staff_id, by_member, note)
    select x.id, x.from_status, ${move.to}::text, ${move.staffId}::int, ${move.byMember ?? false}::boolean,
      coalesce(nullif(x.note, ''), ${move.note ?? null}::text)
    from unnest(${ids}, ${textArray(rows.map((row) => row.status))}, ${textArray(rows.map((_, i) => move.notes?.[i] ?? ''))})
      with ordinality as x(id, from_status, note, n)
    order by x.n`);
  await queueRedemptionMessages(
    tx,
    rows.map((row) => row.id),
    move.to,
  );
  await recordRedemptionEvents(tx, rows, move, refunds);
  // What no longer stands leaves the member's year: the TDS of their open redemptions follows it.
  if (refunding) await recomputeTds(tx, scopes, actor);
  const { updatedAt: _u, ...changed } = set;
  return rows.map((row, i) => ({
    action: `redemption.${move.to}`,
    entity: REDEMPTION_ENTITY,
    entityId: row.id,
    before: { status: row.status },
    after: {
      ...changed,
      ...(refunds.has(row.id) ? { refundEntryId: refunds.get(row.id) } : {}),
      note: move.notes?.[i] ?? move.note ?? null,
    },
  }));
}

/**
 * Gives each row's points back (once: the refund's reference is unique) and the refunded gifts' units
 * back to stock in one UPDATE; answers the refund entry of each row whose refund posted.
 */
async function refund(tx: Executor, rows: readonly LockedRedemption[], move: Move) {
  const refunds = new Map<number, number | null>();
  const units = new Map<number, number>();
  for (const row of rows) {
    const posted = await postEntry(tx, {
      memberId: row.memberId,
      amount: row.points,
      kind: 'redemption_refund',
      reference: redemptionReference(row.id),
      staffId: move.staffId,
      note: `Redemption ${row.id} ${move.to}`,
    });
    if (!posted.posted) continue;
    refunds.set(row.id, posted.entryId);
    if (row.kind === 'gift' && row.rewardId !== null)
      units.set(row.rewardId, (units.get(row.rewardId) ?? 0) + row.quantity);
  }
  if (units.size > 0)
    await tx.execute(sql`update ${rewards} set stock = ${rewards.stock} + back.units
      from unnest(${intArray([...units.keys()])}, ${intArray([...units.values()], 'int')}) as back(id, units)
      where ${rewards.id} = back.id and ${rewards.stock} is not null`);
  return refunds;
}

/** Locks one redemption, moves it and audits the move, all in the caller's transaction. */
export async function transition(
  tx: Executor,
  actor: Actor,
  redemptionId: number,
  move: Omit<Move, 'staffId' | 'actor'> & { check?: (row: LockedRedemption) => void },
): Promise<LockedRedemption> {
  const row = await lockRedemption(tx, redemptionId);
  if (!row) throw notFound('Redemption');
  if (!canMove(row.kind as RedemptionKind, row.status as RedemptionStatus, move.to))
    throw conflict(wrongStateMessage(row, move.to));
  move.check?.(row);
  await audit(tx, actor, await moveRedemption(tx, row, { ...move, staffId: actor.id, actor }));
  return row;
}

/** The webhook events of a move: its status's own event, and `redemption.refunded` where points went back. */
async function recordRedemptionEvents(
  tx: Executor,
  rows: readonly LockedRedemption[],
  move: Move,
  refunds: ReadonlyMap<number, number | null>,
) {
  const items = rows.map((row, i) => ({
    memberId: row.memberId,
    data: {
      memberId: row.memberId,
      redemptionId: row.id,
      kind: row.kind,
      points: row.points,
      status: move.to,
      note: move.notes?.[i] ?? move.note ?? null,
    },
  }));
  const type = WEBHOOK_STATUS_EVENTS[move.to];
  if (type) await recordWebhookEvents(tx, type, items);
  const refunded = items.filter((_, i) => refunds.get(rows[i]!.id) != null);
  await recordWebhookEvents(tx, 'redemption.refunded', refunded);
}

const WEBHOOK_STATUS_EVENTS: Partial<
  Record<
    RedemptionStatus,
    'redemption.approved' | 'redemption.rejected' | 'redemption.paid' | 'redemption.failed'
  >
> = {
  approved: 'redemption.approved',
  rejected: 'redemption.rejected',
  paid: 'redemption.paid',
  failed: 'redemption.failed',
};
