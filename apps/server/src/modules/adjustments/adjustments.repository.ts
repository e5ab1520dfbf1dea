import { ADJUSTMENT_STATUSES, type AdjustmentRow } from '@app/contract/adjustments';
import type { ListQuery } from '@app/contract/list';
import { count, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { pointsAdjustments as a } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { idFilter, isoText } from '../../lib/list-filters';
import { oneOf } from '../members/member-filters';

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

export const adjustmentListSpec: ListSpec = {
  sortable: { id: a.id, requestedAt: a.requestedAt },
  defaultSort: 'id',
  id: a.id,
  filters: {
    status: (v) => eq(a.status, oneOf('status', v, ADJUSTMENT_STATUSES)),
    memberId: (v) => eq(a.memberId, idFilter('memberId', v)),
    requestedBy: (v) => eq(a.requestedBy, idFilter('requestedBy', v)),
  },
};

const columns = {
  id: a.id,
  memberId: a.memberId,
  memberCode: members.code,
  memberName: members.name,
  amount: a.amount,
  reason: a.reason,
  status: sql<AdjustmentRow['status']>`${a.status}`,
  requestedBy: a.requestedBy,
  requestedByName: requester.name,
  requestedAt: isoText(a.requestedAt),
  decidedBy: a.decidedBy,
  decidedByName: decider.name,
  decidedAt: sql<string | null>`${isoText(a.decidedAt)}`,
  decisionNote: a.decisionNote,
  ledgerEntryId: a.ledgerEntryId,
};

/** The joined select; rows are typed by the caller (drizzle cannot infer through a parameter). */
const joined = (tx: Executor, cols: SelectedFields) =>
  tx
    .select(cols)
    .from(a)
    .innerJoin(members, eq(members.id, a.memberId))
    .leftJoin(requester, eq(requester.id, a.requestedBy))
    .leftJoin(decider, eq(decider.id, a.decidedBy))
    .$dynamic();

export const listAdjustments = (tx: Executor, query: ListQuery) =>
  runList<AdjustmentRow>(adjustmentListSpec, query, {
    select: (cursor) => joined(tx, { ...columns, ...cursor }),
    count: () => tx.select({ n: count() }).from(a).$dynamic(),
  });

export async function findAdjustment(tx: Executor, id: number): Promise<AdjustmentRow | undefined> {
  const [row] = (await joined(tx, columns).where(eq(a.id, id))) as AdjustmentRow[];
  return row;
}

export async function lockAdjustment(tx: Executor, id: number) {
  const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
  return row;
}
