import { LEDGER_KINDS, type LedgerEntry, type MemberLedgerEntry } from '@app/contract/ledger';
import type { ListQuery } from '@app/contract/list';
import { count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pointsLedger } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { containsPattern, idFilter, isoText } from '../../lib/list-filters';
import { dayStartIst, oneOf } from '../members/member-filters';

export const ledgerListSpec: ListSpec = {
  sortable: { id: pointsLedger.id, createdAt: pointsLedger.createdAt, amount: pointsLedger.amount },
  defaultSort: 'id',
  id: pointsLedger.id,
  filters: {
    q: (v) =>
      or(
        ilike(members.name, containsPattern(v)),
        ilike(members.mobile, containsPattern(v)),
        ilike(members.code, containsPattern(v)),
      ),
    kind: (v) => eq(pointsLedger.kind, oneOf('kind', v, LEDGER_KINDS)),
    memberId: (v) => eq(pointsLedger.memberId, idFilter('memberId', v)),
    from: (v) => gte(pointsLedger.createdAt, sql`${dayStartIst('from', v, 0)}::timestamptz`),
    to: (v) => lt(pointsLedger.createdAt, sql`${dayStartIst('to', v, 1)}::timestamptz`),
  },
};

/** Ledger entries of every kind with member and staff names (QR Points History, credits lists). */
export function listLedger(tx: Executor, query: ListQuery) {
  return runList<LedgerEntry>(ledgerListSpec, query, {
    select: (cursor) =>
      tx
        .select({
          id: pointsLedger.id,
          memberId: pointsLedger.memberId,
          memberCode: members.code,
          memberName: members.name,
          amount: pointsLedger.amount,
          kind: sql<LedgerEntry['kind']>`${pointsLedger.kind}`,
          reference: pointsLedger.reference,
          balanceAfter: pointsLedger.balanceAfter,
          staffId: pointsLedger.staffId,
          staffName: staff.name,
          note: pointsLedger.note,
          createdAt: isoText(pointsLedger.createdAt),
          ...cursor,
        })
        .from(pointsLedger)
        .innerJoin(members, eq(members.id, pointsLedger.memberId))
        .leftJoin(staff, eq(staff.id, pointsLedger.staffId))
        .$dynamic(),
    count: () =>
      tx
        .select({ n: count() })
        .from(pointsLedger)
        .innerJoin(members, eq(members.id, pointsLedger.memberId))
        .$dynamic(),
  });
}

/** A member's own entries for the app: the same list, fixed to that member, without staff details. */
export function listOwnLedger(tx: Executor, memberId: number, query: ListQuery) {
  const own = { ...query, filter: { ...query.filter, memberId } };
  return runList<MemberLedgerEntry>(ledgerListSpec, own, {
    select: (cursor) =>
      tx
        .select({
          id: pointsLedger.id,
          amount: pointsLedger.amount,
          kind: sql<MemberLedgerEntry['kind']>`${pointsLedger.kind}`,
          balanceAfter: pointsLedger.balanceAfter,
          note: pointsLedger.note,
          createdAt: isoText(pointsLedger.createdAt),
          ...cursor,
        })
        .from(pointsLedger)
        .innerJoin(members, eq(members.id, pointsLedger.memberId))
        .$dynamic(),
    count: () =>
      tx
        .select({ n: count() })
        .from(pointsLedger)
        .innerJoin(members, eq(members.id, pointsLedger.memberId))
        .$dynamic(),
  });
}
