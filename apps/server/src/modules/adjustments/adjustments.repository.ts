import { ADJUSTMENT_STATUSES, type AdjustmentRow } from '@app/contract/adjustments';
import { eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { pointsAdjustments as a } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { id, oneOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

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

/** Points adjustments (maker-checker) and their export. */
export const adjustmentList = defineList<AdjustmentRow>({
  columns: {
    ...columns,
    id: { sql: a.id, label: 'Request', format: 'int', width: 8 },
    requestedAt: { sql: columns.requestedAt, label: 'Requested', format: 'datetime', width: 20 },
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    amount: { sql: a.amount, label: 'Points', format: 'int', width: 10 },
    reason: { sql: a.reason, label: 'Reason', width: 30 },
    status: { sql: columns.status, label: 'Status', width: 10 },
    requestedByName: { sql: requester.name, label: 'Requested by', width: 20 },
    decidedByName: { sql: decider.name, label: 'Decided by', width: 20 },
    decidedAt: { sql: columns.decidedAt, label: 'Decided', format: 'datetime', width: 20 },
    decisionNote: { sql: a.decisionNote, label: 'Decision note', width: 24 },
  },
  from: (db, fields) => joined(db, fields as SelectedFields),
  filters: {
    status: oneOf(a.status, ADJUSTMENT_STATUSES),
    memberId: id(a.memberId),
    requestedBy: id(a.requestedBy),
  },
  sort: { id: a.id, requestedAt: a.requestedAt },
  defaultSort: 'id',
  id: a.id,
});

export async function findAdjustment(tx: Executor, id: number): Promise<AdjustmentRow | undefined> {
  const [row] = (await joined(tx, columns).where(eq(a.id, id))) as AdjustmentRow[];
  return row;
}

export async function lockAdjustment(tx: Executor, id: number) {
  const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
  return row;
}
