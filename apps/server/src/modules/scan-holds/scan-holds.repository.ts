import { SCAN_REVIEW_FILTER, type ScanHoldRow, type ScanReviewRow } from '@app/contract/scan-holds';
import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { couponScans } from '../../db/schema/coupon-scans';
import { members } from '../../db/schema/members';
import { products } from '../../db/schema/products';
import { scanHolds } from '../../db/schema/scan-holds';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { custom, id, istDayRange, refuse, text, textOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const claimer = alias(staff, 'claimer');
const requester = alias(staff, 'requester');

/**
 * QR Scan History → Review: every credited scan with a fraud flag (`reviewScope`) and its hold, if
 * held. Export and filters from the list kit.
 */
export const reviewList = defineList<ScanReviewRow>({
  columns: {
    id: couponScans.id,
    createdAt: { sql: isoText(couponScans.createdAt), label: 'Time', format: 'datetime', width: 20 },
    memberId: couponScans.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    code: { sql: couponScans.code, label: 'Code', width: 14 },
    couponSerial: { sql: couponScans.couponSerial, label: 'Serial', format: 'int', width: 12 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    points: { sql: couponScans.points, label: 'Points', format: 'int', width: 8 },
    flags: { sql: couponScans.flags, label: 'Rules met', format: 'list', width: 26 },
    holdId: sql<number | null>`${scanHolds.id}::int`,
    holdStatus: {
      sql: sql<ScanReviewRow['holdStatus']>`${scanHolds.status}`,
      label: 'Hold',
      width: 18,
    },
    heldPoints: { sql: scanHolds.points, label: 'Held points', format: 'int', width: 10 },
    claimedBy: scanHolds.claimedBy,
    claimedByName: { sql: claimer.name, label: 'Claimed by', width: 20 },
    reversalReason: { sql: scanHolds.reversalReason, label: 'Reversal reason', width: 30 },
    reversalRequestedBy: scanHolds.reversalRequestedBy,
    reversalRequestedByName: { sql: requester.name, label: 'Reversal asked by', width: 20 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(couponScans)
      .leftJoin(scanHolds, eq(scanHolds.scanId, couponScans.id))
      .leftJoin(members, eq(members.id, couponScans.memberId))
      .leftJoin(products, eq(products.id, couponScans.productId))
      .leftJoin(claimer, eq(claimer.id, scanHolds.claimedBy))
      .leftJoin(requester, eq(requester.id, scanHolds.reversalRequestedBy))
      .$dynamic(),
  filters: {
    q: custom((v, key) => {
      const typed = textOf(v, key);
      return or(
        text(couponScans.code)(typed.replace(/-/g, ''), key),
        text(members.name, members.code)(typed, key),
      );
    }),
    review: custom((v, key) => {
      if (typeof v !== 'string' || !(SCAN_REVIEW_FILTER as readonly string[]).includes(v))
        throw refuse(key, `Use one of: ${SCAN_REVIEW_FILTER.join(', ')}`);
      return v === 'flagged' ? sql`${scanHolds.id} is null` : eq(scanHolds.status, v);
    }),
    flag: custom((v, key) => sql`${textOf(v, key)} = any(${couponScans.flags})`),
    memberId: id(couponScans.memberId),
    ...istDayRange(couponScans.createdAt),
  },
  sort: { id: couponScans.id, createdAt: couponScans.createdAt },
  defaultSort: 'id',
  id: couponScans.id,
});

/** The Review list's rows: credited scans with a fraud flag (every held scan has one: the rule it met). */
export const reviewScope = () =>
  and(eq(couponScans.result, 'success'), sql`cardinality(${couponScans.flags}) > 0`);

const HOLD = sql`h.id::int as id, h.scan_id::int as "scanId", h.member_id as "memberId", h.points,
  h.rules, h.status, h.claimed_by as "claimedBy", h.claimed_at::text as "claimedAt",
  h.reversal_reason as "reversalReason", h.reversal_requested_by as "reversalRequestedBy",
  h.decided_by as "decidedBy", h.decided_at::text as "decidedAt",
  h.reversal_entry_id::int as "reversalEntryId", h.created_at::text as "createdAt"`;

export async function findHold(db: Executor, holdId: number): Promise<ScanHoldRow | undefined> {
  const { rows } = await db.execute(sql`select ${HOLD} from scan_holds h where h.id = ${holdId}`);
  return rows[0] as unknown as ScanHoldRow | undefined;
}

/** Reads and locks a hold for the rest of the transaction (every change of a hold starts here). */
export async function lockHold(db: Executor, holdId: number): Promise<ScanHoldRow | undefined> {
  const { rows } = await db.execute(sql`select ${HOLD} from scan_holds h where h.id = ${holdId} for update`);
  return rows[0] as unknown as ScanHoldRow | undefined;
}

export async function staffName(db: Executor, staffId: number): Promise<string> {
  const { rows } = await db.execute(sql`select name from staff where id = ${staffId}`);
  return (rows[0] as { name: string } | undefined)?.name ?? 'Another reviewer';
}

/** A member's held points and the holds behind them (member app). */
export async function heldOfMember(db: Executor, memberId: number) {
  const { rows } = await db.execute(sql`select h.id::int as id, h.points, h.created_at::text as "createdAt",
      cs.code, p.name as "productName"
    from scan_holds h join coupon_scans cs on cs.id = h.scan_id left join products p on p.id = cs.product_id
    where h.member_id = ${memberId} and h.status in ('held', 'reversal_requested')
    order by h.id desc limit 50`);
  return rows as unknown as {
    id: number;
    points: number;
    createdAt: string;
    code: string;
    productName: string | null;
  }[];
}
