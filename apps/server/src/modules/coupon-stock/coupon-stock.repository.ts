import type { CouponCounts } from '@app/contract/coupon-batches';
import type { SkuStock, StockRow } from '@app/contract/coupon-stock';
import { COUPON_STATUSES, type CouponStatus } from '@app/contract/coupons';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponBatches } from '../../db/schema/coupons';
import { products } from '../../db/schema/products';
import { defineList } from '../../lib/lists/define';
import { bool, custom, id, refuse, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { countExportColumns, countsJson, visibleCounts } from '../coupons';
import { pointsInForce, skuPoints } from '../scheme-points';
import { schemePointsPerScan } from '../schemes';

const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`;
const expired = sql<boolean>`${couponBatches.expiresOn} < ${TODAY}`;

const base = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(couponBatches)
    // Ready batches only, as a join condition: runList owns the WHERE clause.
    .innerJoin(products, and(eq(products.id, couponBatches.productId), eq(couponBatches.status, 'ready')))
    .$dynamic();

const holding = (statuses: readonly string[]) =>
  sql`(select coalesce(sum(n), 0) from coupon_counts where batch_id = ${couponBatches.id}
    and status in (${sql.join(
      statuses.map((x) => sql`${x}`),
      sql`, `,
    )})) > 0`;

/**
 * Batches holding coupons in a state as the pages show it (`visibleCounts`): once a batch's expiry
 * has passed, its unscanned codes count as expired, not generated, printed or active.
 */
const holdingState = (state: CouponStatus) => {
  if (state === 'expired') return sql`${expired} and ${holding(['generated', 'printed', 'active'])}`;
  if (state === 'scanned' || state === 'damaged') return holding([state]);
  return sql`not ${expired} and ${holding([state])}`;
};

type RawStock = Omit<StockRow, 'counts' | 'liabilityPoints' | 'liabilityWithSchemesPoints'> & {
  stored: Record<string, number> | null;
};

/**
 * The liability of live codes: at the points in force (what a scan credits before schemes), and with
 * the schemes in force today at most (what the programme may have to pay: schemes make a scan worth
 * more). Both in whole points; slab shares round up.
 */
export const liabilityOf = (active: number, points: number, schemePoints: number) => ({
  liabilityPoints: active * points,
  liabilityWithSchemesPoints: Math.ceil(active * (points + schemePoints)),
});

/** Coupon Stock: stock per ready batch, from the counters (never counting coupon rows), and its export. */
export const stockList = defineList<StockRow, RawStock>({
  columns: {
    id: { sql: couponBatches.id, label: 'Batch', format: 'int', width: 8 },
    productId: products.id,
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    productName: { sql: products.name, label: 'Product', width: 24 },
    points: {
      sql: skuPoints.now,
      label: 'Points',
      format: 'int',
      width: 8,
    },
    schemePoints: {
      sql: schemePointsPerScan(products.id, skuPoints.now),
      label: 'Scheme points per scan (at most)',
      format: 'int',
      width: 12,
    },
    quantity: { sql: couponBatches.quantity, label: 'Quantity', format: 'int', width: 10 },
    expiresOn: { sql: couponBatches.expiresOn, label: 'Expires', format: 'date', width: 12 },
    expired: { sql: expired, label: 'Expired', format: 'bool', width: 8 },
    createdAt: isoText(couponBatches.createdAt),
    stored: countsJson(couponBatches.id),
  },
  map: ({ stored, ...r }): StockRow => {
    const counts = visibleCounts(stored, r.expiresOn);
    return { ...r, counts, ...liabilityOf(counts.active, r.points, r.schemePoints) };
  },
  computed: {
    ...countExportColumns<StockRow>(),
    liabilityPoints: {
      label: 'Liability at points in force',
      format: 'int',
      width: 14,
      cell: (row) => row.liabilityPoints,
    },
    liabilityWithSchemesPoints: {
      label: 'Liability with schemes in force (at most)',
      format: 'int',
      width: 16,
      cell: (row) => row.liabilityWithSchemesPoints,
    },
  },
  from: (db, fields) => base(db, fields),
  filters: {
    q: text(products.name, products.sku),
    productId: id(couponBatches.productId),
    expired: bool((yes) => (yes ? expired : sql`not ${expired}`)),
    /** Batches with coupons in this state (the dashboard's coupon-state cards). */
    state: custom((value, key) => {
      if (typeof value !== 'string' || !(COUPON_STATUSES as readonly string[]).includes(value))
        throw refuse(key, `Use one of: ${COUPON_STATUSES.join(', ')}`);
      return holdingState(value as CouponStatus);
    }),
  },
  sort: { id: couponBatches.id, expiresOn: couponBatches.expiresOn, quantity: couponBatches.quantity },
  defaultSort: 'id',
  id: couponBatches.id,
});

const sumOf = (status: string, live: boolean) =>
  sql.raw(
    `coalesce(sum(cc.n) filter (where cc.status = '${status}'${live ? ' and not x.expired' : ''}), 0)::float8`,
  );

/** Stock per SKU over all ready batches. */
export async function stockBySku(tx: Executor, productId?: number): Promise<SkuStock[]> {
  const result = await tx.execute(sql`
    with x as (select b.id, b.product_id, b.expires_on < ${TODAY} as expired from coupon_batches b where b.status = 'ready')
    select p.id as "productId", p.sku, p.name as "productName", pp.points,
      scheme_points_per_scan(p.id, pp.points)::float8 as "schemePoints",
      count(distinct x.id)::int as batches,
      ${sumOf('generated', true)} as generated, ${sumOf('printed', true)} as printed, ${sumOf('active', true)} as active,
      ${sumOf('scanned', false)} as scanned, ${sumOf('damaged', false)} as damaged,
      coalesce(sum(cc.n) filter (where x.expired and cc.status in ('generated', 'printed', 'active')), 0)::float8 as expired
    from x join products p on p.id = x.product_id
      cross join lateral (select ${pointsInForce(sql`p.id`, sql`p.base_points`)} as points) pp
      left join coupon_counts cc on cc.batch_id = x.id
    ${productId ? sql`where p.id = ${productId}` : sql``}
    group by p.id, pp.points order by p.sku`);
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
      ...liabilityOf(counts.active, n('points'), n('schemePoints')),
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
