import { eq } from 'drizzle-orm';
import { pointsLedger } from '../../../db/schema/ledger';
import { members } from '../../../db/schema/members';
import { staff } from '../../../db/schema/staff';
import { countColumn, istText, keysetSource } from '../report-source';

/** Ledger entries of every kind posted in the range. */
export const pointsLedgerSource = keysetSource({
  date: pointsLedger.createdAt,
  id: pointsLedger.id,
  select: (db, cursor) =>
    db
      .select({
        createdAt: istText(pointsLedger.createdAt),
        id: pointsLedger.id,
        memberCode: members.code,
        memberName: members.name,
        kind: pointsLedger.kind,
        amount: pointsLedger.amount,
        balanceAfter: pointsLedger.balanceAfter,
        reference: pointsLedger.reference,
        staffName: staff.name,
        note: pointsLedger.note,
        ...cursor,
      })
      .from(pointsLedger)
      .innerJoin(members, eq(members.id, pointsLedger.memberId))
      .leftJoin(staff, eq(staff.id, pointsLedger.staffId))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(pointsLedger).$dynamic(),
});
