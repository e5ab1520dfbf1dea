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
