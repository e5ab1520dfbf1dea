import type { LedgerKind } from '@app/contract/ledger';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError, notFound, sqlStateOf } from '../../lib/errors';

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

/**
 * Appends one entry and moves the member's balance with it, in the caller's transaction, through the
 * database function `post_points` (migration `points_and_scans`: the one place the posting rule is
 * written, shared with the scan). The member row is locked by the balance update, so one member's
 * entries are serialised; the balance never goes below zero; a repeated (kind, reference) —
 * sequential or concurrent — changes nothing and answers `posted: false`.
 */
export async function postEntry(tx: Executor, entry: LedgerPosting): Promise<PostResult> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new AppError(400, 'bad_request', 'A ledger amount is a non-zero whole number of points');
  }
  try {
    const result = await tx.execute(sql`
      select posted, entry_id::float8 as "entryId", balance_after as "balanceAfter"
      from post_points(${entry.memberId}::int, ${entry.amount}::int, ${entry.kind}::text, ${entry.reference}::text,
        ${entry.staffId ?? null}::int, ${entry.note ?? null}::text)`);
    const row = result.rows[0] as { posted: boolean; entryId: number | null; balanceAfter: number };
    return {
      posted: row.posted,
      entryId: row.entryId === null ? null : Number(row.entryId),
      balanceAfter: Number(row.balanceAfter),
    };
  } catch (error) {
    if (sqlStateOf(error) === 'PT409') throw insufficientBalance();
    if (sqlStateOf(error) === 'PT404') throw notFound('Member');
    throw error;
  }
}
