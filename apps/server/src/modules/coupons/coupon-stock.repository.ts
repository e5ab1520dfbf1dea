import type { CouponCounts } from '@app/contract/coupon-batches';
import type { SkuStock, StockRow } from '@app/contract/coupon-stock';
import type { ListQuery } from '@app/contract/list';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponBatches } from '../../db/schema/coupons';
import { products } from '../../db/schema/products';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, idFilter, isoText } from '../../lib/list-filters';
import { pointsInForce } from '../scheme-points/scheme-points.repository';
import { countsJson, visibleCounts } from './coupon-counts';

const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`;
const expired = sql<boolean>`${couponBatches.expiresOn} < ${TODAY}`;

const spec: ListSpec = {
  sortable: { id: couponBatches.id, expiresOn: couponBatches.expiresOn, quantity: couponBatches.quantity },
  defaultSort: 'id',
  id: couponBatches.id,
  filters: {
    q: (v) => or(ilike(products.name, containsPattern(v)), ilike(products.sku, containsPattern(v))),
    productId: (v) => eq(couponBatches.productId, idFilter('productId', v)),
    expired: (v) => (booleanFilter('expired', v) ? expired : sql`not ${expired}`),
  },
};

const base = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(couponBatches)
    // Ready batches only, as a join condition: runList owns the WHERE clause.
    .innerJoin(products, and(eq(products.id, couponBatches.productId), eq(couponBatches.status, 'ready')))
    .$dynamic();

type RawStock = Omit<StockRow, 'counts' | 'liabilityPoints'> & { stored: Record<string, number> | null };

/** Stock per ready batch, from the counters (never counting coupon rows). */
export async function listStock(tx: Executor, query: ListQuery) {
  const result = await runList<RawStock>(spec, query, {
    select: (cursor) =>
      base(tx, {
        id: couponBatches.id,
        productId: products.id,
        sku: products.sku,
        productName: products.name,
        points: sql<number>`${pointsInForce(products.id, products.basePoints)}`.mapWith(Number),
        quantity: couponBatches.quantity,
        expiresOn: couponBatches.expiresOn,
        expired,
        createdAt: isoText(couponBatches.createdAt),
        stored: countsJson(couponBatches.id),
        ...cursor,
      }),
    count: () => base(tx, { n: count() }),
  });
  return {
    ...result,
    rows: result.rows.map(({ stored, ...r }): StockRow => {
      const counts = visibleCounts(stored, r.expiresOn);
      return { ...r, counts, liabilityPoints: counts.active * r.points };
    }),
  };
}

const sumOf = (status: string, live: boolean) =>
  sql.raw(
    `coalesce(sum(cc.n) filter (where cc.status = '${status}'${live ? ' and not x.expired' : ''}), 0)::float8`,
  );

/** Stock per SKU over all ready batches. */
export async function stockBySku(tx: Executor, productId?: number): Promise<SkuStock[]> {
  const result = await tx.execute(sql`
    with x as (select b.id, b.product_id, b.expires_on < ${TODAY} as expired from coupon_batches b where b.status = 'ready')
    select p.id as "productId", p.sku, p.name as "productName", ${pointsInForce(sql`p.id`, sql`p.base_points`)} as points,
      count(distinct x.id)::int as batches,
      ${sumOf('generated', true)} as generated, ${sumOf('printed', true)} as printed, ${sumOf('active', true)} as active,
      ${sumOf('scanned', false)} as scanned, ${sumOf('damaged', false)} as damaged,
      coalesce(sum(cc.n) filter (where x.expired and cc.status in ('generated', 'printed', 'active')), 0)::float8 as expired
    from x join products p on p.id = x.product_id left join coupon_counts cc on cc.batch_id = x.id
    ${productId ? sql`where p.id = ${productId}` : sql``}
    group by p.id order by p.sku`);
  return result.rows.map((r) => {
    const n = (k: string) => Number(r[k] ?? 0);
    const counts: CouponCounts = {
      generated: n('generated'),
      printed: n('printed'),
      active: n('active'),
      scanned: n('scanned'),
      damaged: n('damaged'),
      expired: n('expired'),
    };
    return {
      productId: n('productId'),
      sku: String(r.sku),
      productName: String(r.productName),
      batches: n('batches'),
      counts,
      liabilityPoints: counts.active * n('points'),
    };
  });
}

/** Coupons by state over every ready batch, expiry applied: what the dashboard and the summary show. */
export async function couponStateTotals(tx: Executor): Promise<CouponCounts> {
  return totalsOf(await stockBySku(tx));
}

export function totalsOf(perSku: SkuStock[]): CouponCounts {
  return perSku.reduce<CouponCounts>(
    (t, s) => {
      for (const k of Object.keys(t) as (keyof CouponCounts)[]) t[k] += s.counts[k];
      return t;
    },
    { generated: 0, printed: 0, active: 0, scanned: 0, damaged: 0, expired: 0 },
  );
}
