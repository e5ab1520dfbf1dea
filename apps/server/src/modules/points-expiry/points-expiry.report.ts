import { eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/members';
import { pointsLots } from '../../db/schema/points-expiry';
import { defineList } from '../../lib/lists/define';
import { reportOf } from '../../lib/lists/report';
import { isoText } from '../../lib/lists/sql';

interface ExpiryLotRow {
  id: number;
  expiresAt: string;
  expiryMonth: string;
  memberCode: string;
  memberName: string;
  earnedAt: string;
  amount: number;
  remaining: number;
  expired: number;
}

/** Earned lots with an expiry date: what is left of each, what has expired (the liability report). */
const expiryLotList = defineList<ExpiryLotRow>({
  columns: {
    id: pointsLots.id,
    expiresAt: { sql: isoText(pointsLots.expiresAt), label: 'Expires', format: 'datetime', width: 20 },
    expiryMonth: {
      sql: sql<string>`to_char(${pointsLots.expiresAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`,
      label: 'Expiry month',
      width: 12,
    },
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    earnedAt: { sql: isoText(pointsLots.earnedAt), label: 'Earned', format: 'datetime', width: 20 },
    amount: { sql: pointsLots.amount, label: 'Points earned', format: 'int', width: 12 },
    remaining: { sql: pointsLots.remaining, label: 'Points left', format: 'int', width: 12 },
    expired: {
      sql: sql<number>`coalesce((select -e.amount from points_ledger e where e.id = ${pointsLots.expiredEntryId}), 0)`,
      label: 'Points expired',
      format: 'int',
      width: 12,
    },
  },
  from: (db, fields) =>
    db.select(fields).from(pointsLots).innerJoin(members, eq(members.id, pointsLots.memberId)).$dynamic(),
  filters: {},
  sort: { id: pointsLots.id, expiresAt: pointsLots.expiresAt },
  defaultSort: 'id',
  id: pointsLots.id,
});

export const pointsExpiryReportSource = reportOf(expiryLotList, 'expiresAt');
