import type { LedgerKind } from '@app/contract/ledger';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pointsLedger } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { AppError, notFound } from '../../lib/errors';

export interface LedgerPosting {
  memberId: number;
  /** Signed points: credits positive, debits negative; never zero. */
  amount: number;
  kind: LedgerKind;
  /** What caused it, unique per kind, e.g. `joining:42`, `scan:<couponId>`. */
  reference: string;
  staffId?: number | null;
  note?: string | null;
}

export interface PostResult {
  /** False when this (kind, reference) had already posted: nothing changed. */
  posted: boolean;
  entryId: number | null;
  balanceAfter: number;
}

export const insufficientBalance = () =>
  new AppError(409, 'insufficient_balance', 'The member does not have enough points for this');

async function alreadyPosted(tx: Executor, kind: LedgerKind, reference: string) {
  const [row] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.kind, kind), eq(pointsLedger.reference, reference)));
  return Boolean(row);
}

async function balanceOf(tx: Executor, memberId: number): Promise<number | undefined> {
  const [row] = await tx.select({ balance: members.balance }).from(members).where(eq(members.id, memberId));
  return row?.balance;
}

/**
 * Appends one entry and moves the member's balance with it, in the caller's transaction.
 * The balance UPDATE locks the member row, so one member's entries are serialised and each
 * `balance_after` follows the previous one; the conditional UPDATE (and the CHECK behind it) keeps
 * the balance at or above zero. (kind, reference) is unique: a repeat — sequential or concurrent —
 * inserts nothing (ON CONFLICT DO NOTHING) and takes its balance change back, still under the lock.
 */
export async function postEntry(tx: Executor, entry: LedgerPosting): Promise<PostResult> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new AppError(400, 'bad_request', 'A ledger amount is a non-zero whole number of points');
  }
  if (await alreadyPosted(tx, entry.kind, entry.reference)) {
    return { posted: false, entryId: null, balanceAfter: (await balanceOf(tx, entry.memberId)) ?? 0 };
  }
  const [moved] = await tx
    .update(members)
    .set({ balance: sql`${members.balance} + ${entry.amount}`, updatedAt: sql`now()` })
    .where(and(eq(members.id, entry.memberId), sql`${members.balance} + ${entry.amount} >= 0`))
    .returning({ balance: members.balance });
  if (!moved) {
    const balance = await balanceOf(tx, entry.memberId);
    if (balance === undefined) throw notFound('Member');
    // A concurrent twin may have posted (and spent the points) while we waited for the lock.
    if (await alreadyPosted(tx, entry.kind, entry.reference))
      return { posted: false, entryId: null, balanceAfter: balance };
    throw insufficientBalance();
  }
  const [inserted] = await tx
    .insert(pointsLedger)
    .values({
      memberId: entry.memberId,
      amount: entry.amount,
      kind: entry.kind,
      reference: entry.reference,
      balanceAfter: moved.balance,
      staffId: entry.staffId ?? null,
      note: entry.note ?? null,
    })
    .onConflictDoNothing({ target: [pointsLedger.kind, pointsLedger.reference] })
    .returning({ id: pointsLedger.id });
  if (inserted) return { posted: true, entryId: inserted.id, balanceAfter: moved.balance };

  const [undone] = await tx
    .update(members)
    .set({ balance: sql`${members.balance} - ${entry.amount}` })
    .where(eq(members.id, entry.memberId))
    .returning({ balance: members.balance });
  return { posted: false, entryId: null, balanceAfter: undone!.balance };
}
