import {
  type AppRedemption,
  REDEMPTION_KINDS,
  REDEMPTION_MESSAGES,
  REDEMPTION_STATUSES,
  type RedemptionEvent,
  type RedemptionRow,
} from '@app/contract/redemptions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { giftVouchers as v } from '../../db/schema/gift-vouchers';
import { members } from '../../db/schema/members';
import { redemptionEvents as e, redemptions as r, rewards } from '../../db/schema/redemptions';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { fieldsOf } from '../../lib/lists/engine';
import { equals, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { intArray, textArray } from '../../lib/raw-sql';
import { voucherInStock } from '../gift-vouchers/voucher-stock';

const approver = alias(staff, 'approver');
const payer = alias(staff, 'payer');

const shipTo = sql<string | null>`case when ${r.shipTo} is null then null else concat_ws(', ',
  ${r.shipTo}->>'line', ${r.shipTo}->>'city', ${r.shipTo}->>'district', ${r.shipTo}->>'state', ${r.shipTo}->>'pincode') end`;

export const redemptionColumns = {
  id: r.id,
  memberId: r.memberId,
  memberCode: members.code,
  memberName: members.name,
  memberMobile: members.mobile,
  kind: sql<RedemptionRow['kind']>`${r.kind}`,
  rewardId: r.rewardId,
  rewardName: rewards.name,
  quantity: r.quantity,
  points: r.points,
  valuePaise: r.valuePaise,
  financialYear: r.financialYear,
  tdsRateBp: r.tdsRateBp,
  tdsPaise: r.tdsPaise,
  tdsBorneBy: sql<RedemptionRow['tdsBorneBy']>`${r.tdsBorneBy}`,
  panOnFile: r.panOnFile,
  netPaise: r.netPaise,
  payout: sql<RedemptionRow['payout']>`${r.payout}`,
  payoutTo: r.payoutTo,
  status: sql<RedemptionRow['status']>`${r.status}`,
  waitingForStock: sql<boolean>`(${r.kind} = 'voucher' and ${r.status} = 'approved' and ${r.voucherId} is null)`,
  reason: r.reason,
  approvedBy: r.approvedBy,
  approvedByName: approver.name,
  approvedAt: sql<string | null>`${isoText(r.approvedAt)}`,
  utr: r.utr,
  paidByName: payer.name,
  paidAt: sql<string | null>`${isoText(r.paidAt)}`,
  courierCompany: r.courierCompany,
  awb: r.awb,
  dispatchedOn: sql<string | null>`${r.dispatchedOn}::text`,
  deliveredOn: sql<string | null>`${r.deliveredOn}::text`,
  voucherId: r.voucherId,
  shipTo,
  createdAt: isoText(r.createdAt),
  updatedAt: isoText(r.updatedAt),
};

const joined = (tx: Executor, cols: SelectedFields) =>
  tx
    .select(cols)
    .from(r)
    .innerJoin(members, eq(members.id, r.memberId))
    .leftJoin(rewards, eq(rewards.id, r.rewardId))
    .leftJoin(approver, eq(approver.id, r.approvedBy))
    .leftJoin(payer, eq(payer.id, r.paidBy))
    .$dynamic();

/** Approvals → Redemption, a member's redemptions tab, and the redemptions report (with TDS). */
export const redemptionList = defineList<RedemptionRow>({
  columns: {
    ...redemptionColumns,
    id: { sql: r.id, label: 'Redemption', format: 'int', width: 10 },
    createdAt: { sql: redemptionColumns.createdAt, label: 'Requested', format: 'datetime', width: 20 },
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    memberMobile: { sql: members.mobile, label: 'Mobile', width: 12 },
    kind: { sql: redemptionColumns.kind, label: 'Type', width: 8 },
    rewardName: { sql: rewards.name, label: 'Reward', width: 24 },
    quantity: { sql: r.quantity, label: 'Quantity', format: 'int', width: 8 },
    points: { sql: r.points, label: 'Points', format: 'int', width: 10 },
    financialYear: { sql: r.financialYear, label: 'Financial year', width: 10 },
    tdsRateBp: {
      sql: sql<number>`${r.tdsRateBp}`,
      label: 'TDS rate (basis points)',
      format: 'int',
      width: 10,
    },
    tdsBorneBy: { sql: redemptionColumns.tdsBorneBy, label: 'TDS borne by', width: 10 },
    panOnFile: { sql: r.panOnFile, label: 'PAN on file', format: 'bool', width: 8 },
    payout: { sql: redemptionColumns.payout, label: 'Payout', width: 8 },
    payoutTo: { sql: r.payoutTo, label: 'Pay to', width: 22 },
    status: { sql: redemptionColumns.status, label: 'Status', width: 10 },
    reason: { sql: r.reason, label: 'Reason', width: 24 },
    approvedByName: { sql: approver.name, label: 'Approved by', width: 18 },
    approvedAt: { sql: redemptionColumns.approvedAt, label: 'Approved', format: 'datetime', width: 20 },
    utr: { sql: r.utr, label: 'UTR', width: 18 },
    paidByName: { sql: payer.name, label: 'Paid by', width: 18, report: false },
    paidAt: { sql: redemptionColumns.paidAt, label: 'Paid', format: 'datetime', width: 20 },
    courierCompany: { sql: r.courierCompany, label: 'Courier', width: 14 },
    awb: { sql: r.awb, label: 'AWB', width: 16 },
    dispatchedOn: { sql: redemptionColumns.dispatchedOn, label: 'Dispatched', format: 'date', width: 12 },
    deliveredOn: { sql: redemptionColumns.deliveredOn, label: 'Delivered', format: 'date', width: 12 },
    shipTo: { sql: shipTo, label: 'Ship to', width: 40, report: false },
  },
  computed: {
    valueRupees: { label: 'Value (₹)', format: 'rupees', width: 12, cell: (row) => row.valuePaise / 100 },
    tdsRupees: { label: 'TDS (₹)', format: 'rupees', width: 12, cell: (row) => row.tdsPaise / 100 },
    netRupees: { label: 'Net payable (₹)', format: 'rupees', width: 12, cell: (row) => row.netPaise / 100 },
  },
  from: (db, fields) => joined(db, fields as SelectedFields),
  filters: {
    q: text(members.name, members.code, members.mobile),
    kind: oneOf(r.kind, REDEMPTION_KINDS),
    status: oneOf(r.status, REDEMPTION_STATUSES),
    memberId: id(r.memberId),
    financialYear: equals(r.financialYear),
    ...istDayRange(r.createdAt),
  },
  sort: { id: r.id, createdAt: r.createdAt, points: r.points, valuePaise: r.valuePaise },
  defaultSort: 'id',
  id: r.id,
});

export async function findRedemption(tx: Executor, redemptionId: number): Promise<RedemptionRow | undefined> {
  // The list's own fields: a column declared on the list is on the detail too.
  const [row] = (await joined(tx, fieldsOf(redemptionList) as SelectedFields).where(
    eq(r.id, redemptionId),
  )) as RedemptionRow[];
  return row;
}

/** Reads and locks one redemption for the rest of the transaction. */
export async function lockRedemption(tx: Executor, redemptionId: number) {
  const [row] = await tx.select().from(r).where(eq(r.id, redemptionId)).for('update');
  return row;
}
export type LockedRedemption = NonNullable<Awaited<ReturnType<typeof lockRedemption>>>;

/** Reads and locks many redemptions in one statement, in id order (as concurrent bulks lock), by id. */
export async function lockRedemptions(
  tx: Executor,
  ids: readonly number[],
): Promise<Map<number, LockedRedemption>> {
  const rows = await tx
    .select()
    .from(r)
    .where(sql`${r.id} = any(${intArray(ids)})`)
    .orderBy(asc(r.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

export async function historyOf(tx: Executor, ids: number[]): Promise<Map<number, RedemptionEvent[]>> {
  const map = new Map<number, RedemptionEvent[]>();
  if (ids.length === 0) return map;
  const rows = await tx
    .select({
      redemptionId: e.redemptionId,
      id: e.id,
      fromStatus: sql<RedemptionEvent['fromStatus']>`${e.fromStatus}`,
      toStatus: sql<RedemptionEvent['toStatus']>`${e.toStatus}`,
      note: e.note,
      at: isoText(e.at),
    })
    .from(e)
    .where(inArray(e.redemptionId, ids))
    .orderBy(asc(e.id));
  for (const { redemptionId, ...event } of rows) {
    const list = map.get(redemptionId) ?? [];
    list.push(event);
    map.set(redemptionId, list);
  }
  return map;
}

/**
 * The member's own redemptions, newest first, each with its state history and, once fulfilled, the
 * e-voucher issued to it (code; PIN masked: the member reveals it with a recorded request).
 */
export async function memberRedemptions(
  tx: Executor,
  memberId: number,
  only?: number,
): Promise<AppRedemption[]> {
  const rows = await tx
    .select({
      id: r.id,
      kind: sql<AppRedemption['kind']>`${r.kind}`,
      rewardId: r.rewardId,
      rewardName: rewards.name,
      quantity: r.quantity,
      points: r.points,
      valuePaise: r.valuePaise,
      tdsPaise: r.tdsPaise,
      netPaise: r.netPaise,
      payout: sql<AppRedemption['payout']>`${r.payout}`,
      status: sql<AppRedemption['status']>`${r.status}`,
      reason: r.reason,
      utr: r.utr,
      courierCompany: r.courierCompany,
      awb: r.awb,
      waitingForStock: sql<boolean>`(${r.kind} = 'voucher' and ${r.voucherId} is null and (${r.status} = 'approved'
        or (${r.status} = 'requested' and not ${voucherInStock(sql`${rewards.brand}`, sql`${rewards.denominationPaise}`, sql`${r.id}`)})))`,
      voucher: sql<AppRedemption['voucher']>`case when ${v.id} is null then null else json_build_object(
        'brand', ${v.brand}, 'denominationPaise', ${v.denominationPaise}, 'code', ${v.code},
        'pinMasked', case when ${v.pinLength} is null then null else repeat('X', ${v.pinLength}) end,
        'expiresOn', ${v.expiresOn}::text) end`,
      createdAt: isoText(r.createdAt),
    })
    .from(r)
    .leftJoin(rewards, eq(rewards.id, r.rewardId))
    .leftJoin(v, eq(v.redemptionId, r.id))
    .where(only === undefined ? eq(r.memberId, memberId) : and(eq(r.memberId, memberId), eq(r.id, only)))
    .orderBy(desc(r.id))
    .limit(200);
  const history = await historyOf(
    tx,
    rows.map((x) => x.id),
  );
  return rows.map((x) => ({
    ...x,
    notice: x.waitingForStock ? REDEMPTION_MESSAGES.redemptionWaitsForStock : null,
    history: history.get(x.id) ?? [],
  }));
}

/** Which redemption holds each of these UTRs (those on none are absent). */
export async function redemptionsByUtr(tx: Executor, utrs: readonly string[]): Promise<Map<string, number>> {
  if (utrs.length === 0) return new Map();
  const rows = await tx
    .select({ id: r.id, utr: r.utr })
    .from(r)
    .where(sql`${r.utr} = any(${textArray(utrs)})`);
  return new Map(rows.map((row) => [row.utr!, row.id]));
}

/** Sets each redemption's UTR in one statement. */
export async function setUtrs(tx: Executor, paid: readonly { id: number; utr: string }[]) {
  await tx.execute(sql`update ${r} set utr = v.utr
    from unnest(${intArray(paid.map((p) => p.id))}, ${textArray(paid.map((p) => p.utr))}) as v(id, utr)
    where ${r.id} = v.id`);
}

/** The member's type (which rewards the app offers), or undefined for no such member. */
export async function memberTypeOf(db: Executor, memberId: number) {
  return (await db.select({ type: members.type }).from(members).where(eq(members.id, memberId)))[0]?.type;
}

/** The list scope of All Users → Redemptions tab: one member's redemptions. */
export const redemptionsOfMember = (memberId: number) => eq(r.memberId, memberId);
