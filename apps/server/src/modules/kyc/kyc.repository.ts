import { KYC_REJECT_REASONS, KYC_STATUSES, type KycMasked, type KycRow } from '@app/contract/kyc';
import type { ListQuery } from '@app/contract/list';
import { MEMBER_TYPES } from '@app/contract/members';
import { count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { kycSubmissions as k } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, idFilter, isoText } from '../../lib/list-filters';
import { dayStartIst, oneOf } from '../members/member-filters';

/** A claim lapses after this long, so a reviewer who walked away does not block the queue. */
export const CLAIM_TTL = '30 minutes';
export const claimHeld = sql<boolean>`(${k.claimedBy} is not null and ${k.claimedAt} > now() - ${CLAIM_TTL}::interval)`;

const claimer = alias(staff, 'claimer');
const decider = alias(staff, 'decider');

export const kycListSpec: ListSpec = {
  sortable: { id: k.id, submittedAt: k.submittedAt, decidedAt: k.decidedAt },
  defaultSort: 'id',
  id: k.id,
  filters: {
    q: (v) =>
      or(
        ilike(members.name, containsPattern(v)),
        ilike(members.mobile, containsPattern(v)),
        ilike(members.code, containsPattern(v)),
      ),
    status: (v) => eq(k.status, oneOf('status', v, KYC_STATUSES)),
    state: (v) => eq(members.state, String(v)),
    type: (v) => eq(members.type, oneOf('type', v, MEMBER_TYPES)),
    claimed: (v) => (booleanFilter('claimed', v) ? claimHeld : sql`not ${claimHeld}`),
    decided: (v) => (booleanFilter('decided', v) ? isNotNull(k.decidedAt) : isNull(k.decidedAt)),
    decidedBy: (v) => eq(k.decidedBy, idFilter('decidedBy', v)),
    memberId: (v) => eq(k.memberId, idFilter('memberId', v)),
    from: (v) =>
      gte(sql`coalesce(${k.decidedAt}, ${k.submittedAt})`, sql`${dayStartIst('from', v, 0)}::timestamptz`),
    to: (v) =>
      lt(sql`coalesce(${k.decidedAt}, ${k.submittedAt})`, sql`${dayStartIst('to', v, 1)}::timestamptz`),
  },
};

/** Every number masked in SQL: the full values never leave the database on these paths. */
export const maskedColumns = {
  id: k.id,
  memberId: k.memberId,
  status: sql<KycMasked['status']>`${k.status}`,
  aadhaar: sql<string>`'XXXX XXXX ' || ${k.aadhaarLast4}`,
  pan: sql<string>`'XXXXXX' || ${k.panLast4}`,
  accountHolder: k.accountHolder,
  accountNumber: sql<string>`'XXXXXXXX' || ${k.accountLast4}`,
  ifsc: k.ifsc,
  bankName: k.bankName,
  upiId: k.upiId,
  submittedAt: isoText(k.submittedAt),
  decidedAt: sql<string | null>`${isoText(k.decidedAt)}`,
  reasonCode: k.reasonCode,
  comment: k.comment,
};

const rowColumns = {
  ...maskedColumns,
  memberCode: members.code,
  memberName: members.name,
  memberMobile: members.mobile,
  memberType: sql<KycRow['memberType']>`${members.type}`,
  state: members.state,
  claimedBy: sql<number | null>`case when ${claimHeld} then ${k.claimedBy} end`,
  claimedByName: sql<string | null>`case when ${claimHeld} then ${claimer.name} end`,
  claimedAt: sql<string | null>`case when ${claimHeld} then ${isoText(k.claimedAt)} end`,
  decidedBy: k.decidedBy,
  decidedByName: decider.name,
};

export const withReason = <T extends { reasonCode: string | null }>(row: T) => ({
  ...row,
  reason: row.reasonCode
    ? (KYC_REJECT_REASONS[row.reasonCode as keyof typeof KYC_REJECT_REASONS] ?? row.reasonCode)
    : null,
});

/** The joined select; rows are typed by the caller (drizzle cannot infer through a parameter). */
const joined = (tx: Executor, columns: SelectedFields) =>
  tx
    .select(columns)
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .leftJoin(claimer, eq(claimer.id, k.claimedBy))
    .leftJoin(decider, eq(decider.id, k.decidedBy))
    .$dynamic();

/** The queue: submitted only, oldest first unless the caller sorts. */
export const queueQuery = (q: ListQuery): ListQuery => ({
  ...q,
  sort: q.sort ?? 'submittedAt',
  order: q.sort ? q.order : 'ASC',
  filter: { status: 'submitted', ...q.filter },
});
export const historyQuery = (q: ListQuery): ListQuery => ({ ...q, filter: { ...q.filter, decided: true } });
export async function listKyc(tx: Executor, query: ListQuery) {
  const result = await runList<Omit<KycRow, 'reason'>>(kycListSpec, query, {
    select: (cursor) => joined(tx, { ...rowColumns, ...cursor }),
    count: () => tx.select({ n: count() }).from(k).innerJoin(members, eq(members.id, k.memberId)).$dynamic(),
  });
  return { ...result, rows: result.rows.map(withReason) };
}

export async function findKycRow(tx: Executor, id: number) {
  const [row] = (await joined(tx, rowColumns).where(eq(k.id, id))) as Omit<KycRow, 'reason'>[];
  return row && withReason(row);
}

/** A member's submissions, newest first, masked (member detail tab, the app). */
export async function kycOfMember(tx: Executor, memberId: number): Promise<KycMasked[]> {
  const rows = await tx.select(maskedColumns).from(k).where(eq(k.memberId, memberId)).orderBy(desc(k.id));
  return rows.map(withReason);
}

export async function lockSubmission(tx: Executor, id: number) {
  const [row] = await tx.select().from(k).where(eq(k.id, id)).for('update');
  return row;
}
