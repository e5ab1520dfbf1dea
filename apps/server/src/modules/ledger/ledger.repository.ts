import {
  EARNED_KINDS,
  LEDGER_KINDS,
  LEDGER_MOVEMENTS,
  type LedgerEntry,
  type LedgerMovement,
  type MemberLedgerEntry,
} from '@app/contract/ledger';
import type { ListQuery } from '@app/contract/list';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pointsLedger } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { listPage } from '../../lib/lists/engine';
import { custom, id, istDayRange, oneOf, refuse } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { memberSearch } from '../members';

const kindIn = (kinds: readonly string[]) =>
  sql`${pointsLedger.kind} in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;

/**
 * The entries of a movement (contract LEDGER_MOVEMENTS), the one definition the dashboard's points
 * cards, their daily series and the ledger list's `movement` filter share. A hold stands while no
 * refund carries its reference (a refund gives back the whole hold, once: the reference is unique).
 */
export const MOVEMENT: Record<LedgerMovement, SQL> = {
  earned: kindIn(EARNED_KINDS),
  redeemed: sql`(${pointsLedger.kind} = 'redemption_hold' and not exists (select 1 from points_ledger refund
    where refund.kind = 'redemption_refund' and refund.reference = ${pointsLedger.reference}))`,
  adjusted: kindIn(['adjustment', 'expiry', 'scan_reversal']),
};

/** Ledger entries of every kind with member and staff names (QR Points History, credits lists, report). */
export const ledgerList = defineList<LedgerEntry>({
  columns: {
    id: { sql: pointsLedger.id, label: 'Entry', format: 'int', width: 10 },
    createdAt: { sql: isoText(pointsLedger.createdAt), label: 'Time', format: 'datetime', width: 20 },
    memberId: pointsLedger.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    kind: { sql: sql<LedgerEntry['kind']>`${pointsLedger.kind}`, label: 'Kind', width: 16 },
    amount: { sql: pointsLedger.amount, label: 'Points', format: 'int', width: 10 },
    balanceAfter: { sql: pointsLedger.balanceAfter, label: 'Balance after', format: 'int', width: 12 },
    reference: { sql: pointsLedger.reference, label: 'Reference', width: 24 },
    staffId: pointsLedger.staffId,
    staffName: { sql: staff.name, label: 'By', width: 20 },
    note: { sql: pointsLedger.note, label: 'Note', width: 30 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(pointsLedger)
      .innerJoin(members, eq(members.id, pointsLedger.memberId))
      .leftJoin(staff, eq(staff.id, pointsLedger.staffId))
      .$dynamic(),
  filters: {
    q: memberSearch(),
    kind: oneOf(pointsLedger.kind, LEDGER_KINDS),
    movement: custom((value, key) => {
      if ((LEDGER_MOVEMENTS as readonly unknown[]).includes(value)) return MOVEMENT[value as LedgerMovement];
      throw refuse(key, `Use one of: ${LEDGER_MOVEMENTS.join(', ')}`);
    }),
    memberId: id(pointsLedger.memberId),
    ...istDayRange(pointsLedger.createdAt),
  },
  sort: { id: pointsLedger.id, createdAt: pointsLedger.createdAt, amount: pointsLedger.amount },
  defaultSort: 'id',
  id: pointsLedger.id,
});

export const ofMember = (memberId: number) => eq(pointsLedger.memberId, memberId);

/** A member's own entries for the app: the same list without staff details, scoped to the member. */
const ownLedgerList = defineList<MemberLedgerEntry>({
  from: ledgerList.from,
  filters: ledgerList.filters,
  sort: ledgerList.sort,
  defaultSort: ledgerList.defaultSort,
  id: ledgerList.id,
  columns: {
    id: pointsLedger.id,
    amount: pointsLedger.amount,
    kind: sql<MemberLedgerEntry['kind']>`${pointsLedger.kind}`,
    balanceAfter: pointsLedger.balanceAfter,
    note: pointsLedger.note,
    createdAt: isoText(pointsLedger.createdAt),
  },
});

/** The member's own entries: their id replaces any memberId the app sends. */
export const listOwnLedger = (tx: Executor, memberId: number, query: ListQuery) =>
  listPage(ownLedgerList, tx, { ...query, filter: { ...query.filter, memberId } });
