import { COURIER_STATUSES, type CourierRow } from '@app/contract/courier-redemptions';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { redemptions as r, rewards } from '../../db/schema/redemptions';
import { defineList } from '../../lib/lists/define';
import { dayRange, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const shipTo = sql<string | null>`case when ${r.shipTo} is null then null else concat_ws(', ',
  ${r.shipTo}->>'line', ${r.shipTo}->>'city', ${r.shipTo}->>'district', ${r.shipTo}->>'state', ${r.shipTo}->>'pincode') end`;

/** Gifts past approval: what the courier desk works on. */
const isCourierWork = sql`${r.kind} = 'gift' and ${r.status} in ('approved', 'dispatched', 'delivered', 'returned')`;

const columns = {
  id: { sql: r.id, label: 'Redemption', format: 'int', width: 10 },
  memberCode: { sql: members.code, label: 'Member code', width: 12 },
  memberName: { sql: members.name, label: 'Member', width: 24 },
  memberMobile: { sql: members.mobile, label: 'Mobile', width: 12 },
  rewardName: { sql: rewards.name, label: 'Gift', width: 24 },
  quantity: { sql: r.quantity, label: 'Quantity', format: 'int', width: 8 },
  points: { sql: r.points, label: 'Points', format: 'int', width: 10 },
  status: { sql: sql<CourierRow['status']>`${r.status}`, label: 'Status', width: 10 },
  shipTo: { sql: shipTo, label: 'Ship to', width: 40 },
  approvedAt: {
    sql: sql<string | null>`${isoText(r.approvedAt)}`,
    label: 'Approved',
    format: 'datetime',
    width: 20,
  },
  courierCompany: { sql: r.courierCompany, label: 'Courier', width: 16 },
  awb: { sql: r.awb, label: 'AWB', width: 18 },
  dispatchedOn: {
    sql: sql<string | null>`${r.dispatchedOn}::text`,
    label: 'Dispatched',
    format: 'date',
    width: 12,
  },
  deliveredOn: {
    sql: sql<string | null>`${r.deliveredOn}::text`,
    label: 'Delivered',
    format: 'date',
    width: 12,
  },
  reason: { sql: r.reason, label: 'Return reason', width: 24 },
  createdAt: { sql: isoText(r.createdAt), label: 'Requested', format: 'datetime', width: 20 },
} as const;

const from = (db: Executor, fields: Record<string, unknown>) =>
  db
    .select(fields as never)
    .from(r)
    .innerJoin(members, eq(members.id, r.memberId))
    .leftJoin(rewards, eq(rewards.id, r.rewardId))
    .$dynamic();

/** Courier Redemption: approved gifts and their shipping, oldest approval first by default. */
export const courierList = defineList<CourierRow>({
  columns,
  from,
  where: isCourierWork,
  filters: {
    q: text(members.name, members.code, members.mobile, r.awb),
    status: oneOf(r.status, COURIER_STATUSES),
    courierCompany: text(r.courierCompany),
    ...dayRange(r.dispatchedOn, { from: 'dispatchedFrom', to: 'dispatchedTo' }),
    ...istDayRange(r.createdAt),
  },
  sort: { id: r.id, createdAt: r.createdAt },
  defaultSort: 'id',
  id: r.id,
});

/**
 * The courier dispatch report: dispatched gifts by dispatch day. A dispatch day compared with the
 * range's IST instants lands in its own day (a day at 00:00 UTC lies inside that IST day).
 */
export const dispatchReportList = defineList<CourierRow>({
  columns,
  from,
  where: sql`${r.kind} = 'gift' and ${r.dispatchedOn} is not null`,
  filters: {},
  sort: { dispatchedOn: r.dispatchedOn },
  defaultSort: 'dispatchedOn',
  id: r.id,
});

export async function findCourierRow(tx: Executor, id: number): Promise<CourierRow | undefined> {
  const fields = Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, c.sql]));
  const [row] = (await from(tx, fields).where(eq(r.id, id))) as CourierRow[];
  return row;
}

/** Kind, status and request time of the given redemptions (an upload's checks). */
export async function dispatchCandidates(tx: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { kind: string; status: string; requestedDay: string }>();
  const rows = await tx
    .select({
      id: r.id,
      kind: r.kind,
      status: r.status,
      requestedDay: sql<string>`((${r.createdAt} at time zone 'Asia/Kolkata')::date)::text`,
    })
    .from(r)
    .where(inArray(r.id, ids));
  return new Map(rows.map((x) => [Number(x.id), x]));
}
