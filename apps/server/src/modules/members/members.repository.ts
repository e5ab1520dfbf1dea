import type { ListQuery } from '@app/contract/list';
import type { MemberDetail, MemberRow } from '@app/contract/members';
import { and, count, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { type ListSpec, runList } from '../../lib/list';
import { containsPattern, idFilter, isoText } from '../../lib/list-filters';
import { dayStartIst, intFilter, oneOf } from './member-filters';

const dealer = alias(members, 'dealer');
const referrer = alias(members, 'referrer');

export const memberListSpec: ListSpec = {
  sortable: {
    id: members.id,
    name: members.name,
    createdAt: members.createdAt,
    balance: members.balance,
    code: members.code,
  },
  defaultSort: 'id',
  id: members.id,
  filters: {
    q: (v) =>
      or(
        ilike(members.name, containsPattern(v)),
        ilike(members.mobile, containsPattern(v)),
        ilike(members.code, containsPattern(v)),
      ),
    status: (v) => eq(members.status, oneOf('status', v, ['pending', 'approved', 'rejected', 'blocked'])),
    type: (v) =>
      eq(members.type, oneOf('type', v, ['carpenter', 'contractor', 'architect', 'dealer', 'retailer'])),
    state: (v) => eq(members.state, String(v)),
    district: (v) => ilike(members.district, String(v).replace(/[\\%_]/g, '\\$&')),
    bdeId: (v) => eq(members.bdeId, idFilter('bdeId', v)),
    dealerId: (v) => eq(members.dealerId, idFilter('dealerId', v)),
    registeredFrom: (v) => gte(members.createdAt, sql`${dayStartIst('registeredFrom', v, 0)}::timestamptz`),
    registeredTo: (v) => lt(members.createdAt, sql`${dayStartIst('registeredTo', v, 1)}::timestamptz`),
    kycStatus: (v) =>
      eq(members.kycStatus, oneOf('kycStatus', v, ['none', 'submitted', 'approved', 'rejected'])),
    balanceMin: (v) => gte(members.balance, intFilter('balanceMin', v)),
    balanceMax: (v) => lte(members.balance, intFilter('balanceMax', v)),
  },
};

export const memberColumns = {
  id: members.id,
  code: members.code,
  name: members.name,
  mobile: members.mobile,
  type: sql<MemberRow['type']>`${members.type}`,
  city: members.city,
  district: members.district,
  state: members.state,
  pincode: members.pincode,
  dealerId: members.dealerId,
  dealerName: dealer.name,
  bdeId: members.bdeId,
  status: sql<MemberRow['status']>`${members.status}`,
  statusReason: members.statusReason,
  kycStatus: sql<MemberRow['kycStatus']>`${members.kycStatus}`,
  balance: members.balance,
  createdAt: isoText(members.createdAt),
};

/** Members matching the query's filters (a page with a fixed status sets that filter itself). */
export function listMembers(tx: Executor, query: ListQuery) {
  return runList<MemberRow>(memberListSpec, query, {
    select: (cursor) =>
      tx
        .select({ ...memberColumns, ...cursor })
        .from(members)
        .leftJoin(dealer, eq(dealer.id, members.dealerId))
        .$dynamic(),
    count: () => tx.select({ n: count() }).from(members).$dynamic(),
  });
}

export async function findMemberDetail(tx: Executor, id: number): Promise<MemberDetail | undefined> {
  const [row] = await tx
    .select({
      ...memberColumns,
      dateOfBirth: members.dateOfBirth,
      addressLine: members.addressLine,
      referralCode: members.referralCode,
      referredBy: members.referredBy,
      referredByName: referrer.name,
      termsVersion: members.termsVersion,
      termsAcceptedAt: sql<string | null>`${isoText(members.termsAcceptedAt)}`,
      approvedAt: sql<string | null>`${isoText(members.approvedAt)}`,
    })
    .from(members)
    .leftJoin(dealer, eq(dealer.id, members.dealerId))
    .leftJoin(referrer, eq(referrer.id, members.referredBy))
    .where(eq(members.id, id));
  return row;
}

/** The member row locked for a change, or nothing. */
export async function lockMember(tx: Executor, id: number) {
  const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
  return row;
}

export async function findMemberBy(tx: Executor, where: SQL) {
  const [row] = await tx.select().from(members).where(where);
  return row;
}

export const byMobile = (mobile: string) => eq(members.mobile, mobile);
export const byReferralCode = (code: string) => eq(members.referralCode, code);
export const approvedDealerCode = (code: string) =>
  and(eq(members.code, code), eq(members.type, 'dealer'), eq(members.status, 'approved'))!;

export async function setMemberStatus(
  tx: Executor,
  id: number,
  values: { status: string; statusReason: string | null; approvedAt?: SQL },
) {
  await tx
    .update(members)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(members.id, id));
}
