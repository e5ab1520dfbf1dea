import { KYC_REJECT_REASONS, KYC_STATUSES, type KycMasked, type KycRow } from '@app/contract/kyc';
import { MEMBER_TYPES } from '@app/contract/members';
import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { kycSubmissions as k } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { bool, equals, id, istDayRange, oneOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { maskedAadhaar, maskedAccount, maskedPan } from '../../lib/masking';
import { memberSearch } from '../members';

/** A claim lapses after this long, so a reviewer who walked away does not block the queue. */
export const CLAIM_TTL = '30 minutes';
export const claimHeld = sql<boolean>`(${k.claimedBy} is not null and ${k.claimedAt} > now() - ${CLAIM_TTL}::interval)`;

const claimer = alias(staff, 'claimer');
const decider = alias(staff, 'decider');

/** Every number masked in SQL: the full values never leave the database on these paths. */
export const maskedColumns = {
  id: k.id,
  memberId: k.memberId,
  status: sql<KycMasked['status']>`${k.status}`,
  aadhaar: maskedAadhaar(k.aadhaarLast4),
  pan: maskedPan(k.panLast4),
  accountHolder: k.accountHolder,
  accountNumber: maskedAccount(k.accountLast4),
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

const submittedOrDecided = sql`coalesce(${k.decidedAt}, ${k.submittedAt})`;

/** The rejection reason's label, in SQL so the list, its export and the report read one column. */
const reasonLabel = sql<string | null>`case ${k.reasonCode} ${sql.join(
  Object.entries(KYC_REJECT_REASONS).map(([code, label]) => sql`when ${code} then ${label}`),
  sql` `,
)} else ${k.reasonCode} end`;

/** KYC Verification's queue, KYC History, their exports and the "KYC decisions" report; numbers masked. */
export const kycList = defineList<KycRow>({
  columns: {
    ...rowColumns,
    submittedAt: { sql: maskedColumns.submittedAt, label: 'Submitted', format: 'datetime', width: 20 },
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    memberType: { sql: rowColumns.memberType, label: 'Type', width: 12 },
    state: { sql: members.state, label: 'State', width: 16 },
    status: { sql: maskedColumns.status, label: 'Status', width: 10 },
    aadhaar: { sql: maskedColumns.aadhaar, label: 'Aadhaar', width: 16 },
    pan: { sql: maskedColumns.pan, label: 'PAN', width: 12 },
    accountNumber: { sql: maskedColumns.accountNumber, label: 'Account', width: 14 },
    ifsc: { sql: k.ifsc, label: 'IFSC', width: 12 },
    claimedByName: { sql: rowColumns.claimedByName, label: 'Claimed by', width: 20 },
    decidedAt: { sql: maskedColumns.decidedAt, label: 'Decided', format: 'datetime', width: 20 },
    decidedByName: { sql: decider.name, label: 'Reviewer', width: 20 },
    reason: { sql: reasonLabel, label: 'Reason', width: 28 },
    comment: { sql: k.comment, label: 'Comment', width: 30 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(k)
      .innerJoin(members, eq(members.id, k.memberId))
      .leftJoin(claimer, eq(claimer.id, k.claimedBy))
      .leftJoin(decider, eq(decider.id, k.decidedBy))
      .$dynamic(),
  filters: {
    q: memberSearch(),
    status: oneOf(k.status, KYC_STATUSES),
    state: equals(members.state),
    type: oneOf(members.type, MEMBER_TYPES),
    claimed: bool((yes) => (yes ? claimHeld : sql`not ${claimHeld}`)),
    decided: bool((yes) => (yes ? isNotNull(k.decidedAt) : isNull(k.decidedAt))),
    decidedBy: id(k.decidedBy),
    memberId: id(k.memberId),
    ...istDayRange(submittedOrDecided),
  },
  // decidedAt is null until a decision: it is a sort key only where the scope is decided rows.
  sort: { id: k.id, submittedAt: k.submittedAt, decidedAt: k.decidedAt },
  defaultSort: 'id',
  id: k.id,
});

/** The queue: submitted only, oldest first unless the caller sorts. */
export const kycQueueList = defineList<KycRow>({
  ...kycList,
  defaultSort: 'submittedAt',
  defaultOrder: 'ASC',
});
export const isSubmitted = eq(k.status, 'submitted');
export const isDecided = isNotNull(k.decidedAt);

export async function findKycRow(tx: Executor, id: number) {
  const [row] = (await kycList
    .from(tx, { ...rowColumns, reason: reasonLabel })
    .where(eq(k.id, id))) as KycRow[];
  return row;
}

/** A member's submissions, newest first, masked (member detail tab, the app). */
export async function kycOfMember(tx: Executor, memberId: number): Promise<KycMasked[]> {
  return tx
    .select({ ...maskedColumns, reason: reasonLabel })
    .from(k)
    .where(eq(k.memberId, memberId))
    .orderBy(desc(k.id));
}

export async function lockSubmission(tx: Executor, id: number) {
  const [row] = await tx.select().from(k).where(eq(k.id, id)).for('update');
  return row;
}
