import { BANK_CHECK_MESSAGES, UNPAYABLE_BANK_CHECKS } from '@app/contract/bank-verification';
import type { PayoutBatchDetail, PayoutBatchRow, PayoutLineRow } from '@app/contract/payouts';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { kycSubmissions } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { payoutBatches as b, payoutLines as l } from '../../db/schema/payouts';
import { redemptions as r } from '../../db/schema/redemptions';
import { staff } from '../../db/schema/staff';
import { AppError } from '../../lib/errors';
import { isoText } from '../../lib/lists/sql';
import { intArray } from '../../lib/raw-sql';

/** The idempotency key of a redemption's one payout (RazorpayX: at most 40 characters). */
export const payoutKeyOf = (redemptionId: number) => `redemption-${redemptionId}`;

/** A redemption in a payout batch is paid or failed by that batch only (not by hand, not twice). */
export async function refuseBatched(tx: Executor, redemptionId: number): Promise<void> {
  const [line] = await tx.select({ batchId: l.batchId }).from(l).where(eq(l.redemptionId, redemptionId));
  if (line)
    throw new AppError(
      409,
      'in_payout_batch',
      `This redemption is in payout batch ${line.batchId}; that batch pays or fails it`,
    );
}

const creator = alias(staff, 'creator');
const releaser = alias(staff, 'releaser');
const count = (status: string) => sql<number>`count(*) filter (where ${l.status} = ${status})::int`;

const batchColumns = {
  id: b.id,
  rail: sql<PayoutBatchRow['rail']>`${b.rail}`,
  status: sql<PayoutBatchRow['status']>`${b.status}`,
  lines: sql<number>`count(${l.id})::int`,
  totalPaise: sql<number>`coalesce(sum(${l.amountPaise}), 0)::float8`,
  processed: count('processed'),
  failed: sql<number>`count(*) filter (where ${l.status} in ('failed', 'reversed'))::int`,
  pending: sql<number>`count(*) filter (where ${l.status} in ('queued', 'sending', 'pending'))::int`,
  createdBy: creator.name,
  createdAt: isoText(b.createdAt),
  releasedBy: releaser.name,
  releasedAt: sql<string | null>`${isoText(b.releasedAt)}`,
};

const batches = (tx: Executor) =>
  tx
    .select(batchColumns)
    .from(b)
    .leftJoin(l, eq(l.batchId, b.id))
    .leftJoin(creator, eq(creator.id, b.createdBy))
    .leftJoin(releaser, eq(releaser.id, b.releasedBy))
    .groupBy(b.id, creator.name, releaser.name)
    .$dynamic();

export const listBatches = (tx: Executor): Promise<PayoutBatchRow[]> =>
  batches(tx).orderBy(desc(b.id)).limit(200);

export async function batchDetail(tx: Executor, id: number): Promise<PayoutBatchDetail | null> {
  const [row] = await batches(tx).where(eq(b.id, id));
  if (!row) return null;
  const items: PayoutLineRow[] = await tx
    .select({
      id: l.id,
      redemptionId: l.redemptionId,
      memberCode: members.code,
      memberName: members.name,
      payoutTo: r.payoutTo,
      mode: l.mode,
      amountPaise: l.amountPaise,
      status: sql<PayoutLineRow['status']>`${l.status}`,
      utr: l.utr,
      failureReason: l.failureReason,
    })
    .from(l)
    .innerJoin(r, eq(r.id, l.redemptionId))
    .innerJoin(members, eq(members.id, r.memberId))
    .where(eq(l.batchId, id))
    .orderBy(asc(l.id));
  return { ...row, items };
}

/** Approved cash redemptions in no batch yet, by where they are paid (bank account or UPI id). */
export async function waitingByPayout(tx: Executor): Promise<{ bank: number; upi: number }> {
  const [row] = await tx
    .select({
      bank: sql<number>`count(*) filter (where ${r.payout} = 'bank')::int`,
      upi: sql<number>`count(*) filter (where ${r.payout} = 'upi')::int`,
    })
    .from(r)
    .where(
      sql`${r.kind} = 'cash' and ${r.status} = 'approved' and ${r.netPaise} > 0
        and not exists (select 1 from ${l} where ${l.redemptionId} = ${r.id})`,
    );
  return { bank: row?.bank ?? 0, upi: row?.upi ?? 0 };
}

/** What a line pays to: the sealed bank account or the UPI id of the KYC the redemption was made on. */
export interface PayeeRow {
  lineId: number;
  redemptionId: number;
  idempotencyKey: string;
  amountPaise: number;
  mode: string;
  memberId: number;
  memberCode: string;
  payout: string | null;
  accountHolder: string;
  accountCipher: string;
  ifsc: string;
  bankName: string;
  upiId: string | null;
}

const payees = (tx: Executor) =>
  tx
    .select({
      lineId: l.id,
      redemptionId: l.redemptionId,
      idempotencyKey: l.idempotencyKey,
      amountPaise: l.amountPaise,
      mode: l.mode,
      memberId: r.memberId,
      memberCode: members.code,
      payout: r.payout,
      accountHolder: kycSubmissions.accountHolder,
      accountCipher: kycSubmissions.accountCipher,
      ifsc: kycSubmissions.ifsc,
      bankName: kycSubmissions.bankName,
      upiId: kycSubmissions.upiId,
    })
    .from(l)
    .innerJoin(r, eq(r.id, l.redemptionId))
    .innerJoin(members, eq(members.id, r.memberId))
    .innerJoin(kycSubmissions, eq(kycSubmissions.id, r.kycId))
    .$dynamic();

export const payeesOf = (tx: Executor, lineIds: readonly number[]): Promise<PayeeRow[]> =>
  payees(tx)
    .where(sql`${l.id} = any(${intArray(lineIds)})`)
    .orderBy(asc(l.id));

export const payeesOfBatch = (tx: Executor, batchId: number): Promise<PayeeRow[]> =>
  payees(tx).where(eq(l.batchId, batchId)).orderBy(asc(l.id));

/** Lines of a released API batch still to be sent: queued, or sent without a recorded answer. */
export const unsentLines = (tx: Executor, batchId?: number) =>
  tx
    .select({ id: l.id, batchId: l.batchId })
    .from(l)
    .innerJoin(b, eq(b.id, l.batchId))
    .where(
      and(
        sql`${l.status} in ('queued', 'sending')`,
        eq(b.status, 'released'),
        eq(b.rail, 'api'),
        batchId === undefined ? undefined : eq(l.batchId, batchId),
      ),
    )
    .orderBy(asc(l.id));

/**
 * Of these redemptions, those that cannot be paid: bank payouts whose account verification failed or
 * did not match, and, when UPI ids are verified (`upiMustBeVerified`: a verifier is configured), UPI
 * payouts whose UPI id is not verified.
 */
export const unpayable = (tx: Executor, redemptionIds: readonly number[], upiMustBeVerified = false) =>
  tx
    .select({
      id: r.id,
      payout: r.payout,
      status: sql<string>`case when ${r.payout} = 'upi' then ${kycSubmissions.upiCheckStatus}
        else ${kycSubmissions.bankCheckStatus} end`,
    })
    .from(r)
    .innerJoin(kycSubmissions, eq(kycSubmissions.id, r.kycId))
    .where(
      and(
        sql`${r.id} = any(${intArray(redemptionIds)})`,
        or(
          and(eq(r.payout, 'bank'), inArray(kycSubmissions.bankCheckStatus, [...UNPAYABLE_BANK_CHECKS])),
          upiMustBeVerified
            ? and(eq(r.payout, 'upi'), sql`${kycSubmissions.upiCheckStatus} <> 'verified'`)
            : undefined,
        ),
      ),
    )
    .orderBy(asc(r.id));

/** The refusal of an unpayable redemption, bank or UPI. */
export const unpayableMessage = (row: { id: number; payout: string | null; status: string }) =>
  row.payout === 'upi'
    ? BANK_CHECK_MESSAGES.upiUnpayable(row.id, row.status)
    : BANK_CHECK_MESSAGES.unpayable(row.id, row.status);
