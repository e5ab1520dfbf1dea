import type { ScanRow } from '@app/contract/coupon-scans';
import type { ListQuery } from '@app/contract/list';
import { count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponScans } from '../../db/schema/coupon-scans';
import { distributors } from '../../db/schema/invoices';
import { members } from '../../db/schema/members';
import { products } from '../../db/schema/products';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, idFilter, isoText } from '../../lib/list-filters';
import { pointsInForce } from '../scheme-points/scheme-points.repository';

/** What a scan needs to know of a code, in one read; `basePoints` are the SKU's points in force now. */
export interface ScannedCoupon {
  serial: number;
  status: string;
  batchId: number;
  expired: boolean;
  productId: number;
  basePoints: number;
  sku: string;
  productName: string;
  distributorId: number | null;
  distributorState: string | null;
}

export async function findByCode(tx: Executor, code: string): Promise<ScannedCoupon | undefined> {
  const result = await tx.execute(sql`
    select c.serial::float8 as serial, c.status::text as status, c.batch_id as "batchId",
      b.expires_on < (now() at time zone 'Asia/Kolkata')::date as expired,
      p.id as "productId", ${pointsInForce(sql`p.id`, sql`p.base_points`)} as "basePoints", p.sku, p.name as "productName",
      d.id as "distributorId", d.state as "distributorState"
    from coupons c join coupon_batches b on b.id = c.batch_id join products p on p.id = b.product_id
    left join coupon_allocations a on a.id = c.allocation_id
    left join invoice_lines l on l.id = a.invoice_line_id
    left join invoices i on i.id = l.invoice_id
    left join distributors d on d.id = i.distributor_id
    where c.code = ${code}`);
  const row = result.rows[0] as unknown as ScannedCoupon | undefined;
  return (
    row && {
      ...row,
      serial: Number(row.serial),
      productId: Number(row.productId),
      basePoints: Number(row.basePoints),
    }
  );
}

/** The member's attempts in the last `interval` (optionally successes only). */
export async function recentScans(tx: Executor, memberId: number, interval: string, successOnly = false) {
  const result = await tx.execute(sql`
    select count(*)::int as n from coupon_scans
    where member_id = ${memberId} and created_at > now() - ${interval}::interval
      ${successOnly ? sql`and result = 'success'` : sql``}`);
  return Number((result.rows[0] as { n: number }).n);
}

export async function recordScan(tx: Executor, values: typeof couponScans.$inferInsert) {
  await tx.insert(couponScans).values(values);
}

const spec: ListSpec = {
  sortable: { id: couponScans.id, createdAt: couponScans.createdAt },
  defaultSort: 'id',
  id: couponScans.id,
  filters: {
    q: (v) =>
      or(
        ilike(couponScans.code, containsPattern(String(v).replace(/-/g, ''))),
        ilike(members.name, containsPattern(v)),
        ilike(members.code, containsPattern(v)),
      ),
    result: (v) => eq(couponScans.result, String(v)),
    flag: (v) => sql`${String(v)} = any(${couponScans.flags})`,
    flagged: (v) =>
      booleanFilter('flagged', v)
        ? sql`cardinality(${couponScans.flags}) > 0`
        : sql`cardinality(${couponScans.flags}) = 0`,
    memberId: (v) => eq(couponScans.memberId, idFilter('memberId', v)),
    productId: (v) => eq(couponScans.productId, idFilter('productId', v)),
    batchId: (v) => eq(couponScans.batchId, idFilter('batchId', v)),
    distributorId: (v) => eq(couponScans.distributorId, idFilter('distributorId', v)),
    state: (v) => eq(couponScans.state, String(v)),
    from: (v) => gte(couponScans.createdAt, sql`${String(v)}::timestamptz`),
    to: (v) => lt(couponScans.createdAt, sql`${String(v)}::timestamptz`),
  },
};

const base = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(couponScans)
    .leftJoin(members, eq(members.id, couponScans.memberId))
    .leftJoin(products, eq(products.id, couponScans.productId))
    .leftJoin(distributors, eq(distributors.id, couponScans.distributorId))
    .$dynamic();

export const listScans = (tx: Executor, query: ListQuery) =>
  runList<ScanRow>(spec, query, {
    select: (cursor) =>
      base(tx, {
        id: couponScans.id,
        createdAt: isoText(couponScans.createdAt),
        memberId: couponScans.memberId,
        memberCode: members.code,
        memberName: members.name,
        code: couponScans.code,
        couponSerial: couponScans.couponSerial,
        batchId: couponScans.batchId,
        sku: products.sku,
        distributorName: distributors.name,
        result: couponScans.result,
        points: couponScans.points,
        flags: couponScans.flags,
        state: couponScans.state,
        latitude: couponScans.latitude,
        longitude: couponScans.longitude,
        ...cursor,
      }),
    count: () => base(tx, { n: count() }),
  });
