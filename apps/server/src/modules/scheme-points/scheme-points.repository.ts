import type { PointsChangeRow, SkuPointsRow } from '@app/contract/scheme-points';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productPoints } from '../../db/schema/product-points';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import type { DashboardRange } from '../../lib/dashboard/provider';
import { inRange } from '../../lib/dashboard/series';
import { defineList } from '../../lib/lists/define';
import { bool, id, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/**
 * The points of a SKU in force now: the latest change with effective-from not after now, else the
 * catalogue's base points (database function `points_in_force`, shared with the scan). `product` is
 * the SQL of the product id (a column or a parameter). Nothing reads `products.base_points` for a
 * SKU's points but through this: it is only the value before the first change.
 */
export const pointsInForce = (
  product: SQL | typeof products.id,
  basePoints: SQL | typeof products.basePoints,
) => sql<number>`points_in_force(${product}, ${basePoints})`;

const nextChange = (column: 'points' | 'effective_from') =>
  sql.raw(`(select pp.${column} from product_points pp
    where pp.product_id = "products"."id" and pp.effective_from > now()
    order by pp.effective_from, pp.id desc limit 1)`);

/**
 * A SKU's points as every page and API shows them, for a query with `products` in its FROM clause:
 * in force now (what a scan credits), and the next scheduled change if any. The catalogue, the product
 * API and its SKU pickers, Update Scheme Points, Coupon Stock and the reports read these.
 */
export const skuPoints = {
  now: sql<number>`${pointsInForce(products.id, products.basePoints)}::int`,
  next: sql<number | null>`${nextChange('points')}`,
  nextFrom: sql<
    string | null
  >`to_char(${nextChange('effective_from')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** Update Scheme Points' grid: SKUs with the points in force and the next change, and its export. */
export const skuPointsList = defineList<SkuPointsRow>({
  columns: {
    id: products.id,
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    name: { sql: products.name, label: 'Product', width: 28 },
    category: { sql: products.category, label: 'Category', width: 16 },
    active: { sql: products.active, label: 'Active', format: 'bool', width: 8 },
    currentPoints: {
      sql: skuPoints.now,
      label: 'Points now',
      format: 'int',
      width: 10,
    },
    nextPoints: {
      sql: skuPoints.next,
      label: 'Next points',
      format: 'int',
      width: 10,
    },
    nextEffectiveFrom: {
      sql: skuPoints.nextFrom,
      label: 'Next from',
      format: 'datetime',
      width: 20,
    },
  },
  from: (db, fields) => db.select(fields).from(products).$dynamic(),
  filters: { q: text(products.name, products.sku), active: bool(products.active) },
  sort: { id: products.id, sku: products.sku, name: products.name, category: products.category },
  defaultSort: 'id',
  id: products.id,
});

const historyColumns = {
  id: productPoints.id,
  productId: productPoints.productId,
  sku: products.sku,
  productName: products.name,
  points: productPoints.points,
  effectiveFrom: isoText(productPoints.effectiveFrom),
  reason: productPoints.reason,
  createdBy: productPoints.createdBy,
  createdByName: staff.name,
  createdAt: isoText(productPoints.createdAt),
};

const historyBase = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(productPoints)
    .innerJoin(products, eq(products.id, productPoints.productId))
    .leftJoin(staff, eq(staff.id, productPoints.createdBy))
    .$dynamic();

/** Every base points change, and its export. */
export const pointsChangeList = defineList<PointsChangeRow>({
  columns: {
    ...historyColumns,
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    productName: { sql: products.name, label: 'Product', width: 28 },
    points: { sql: productPoints.points, label: 'Points', format: 'int', width: 8 },
    effectiveFrom: {
      sql: historyColumns.effectiveFrom,
      label: 'Effective from',
      format: 'datetime',
      width: 20,
    },
    reason: { sql: productPoints.reason, label: 'Reason', width: 28 },
    createdByName: { sql: staff.name, label: 'By', width: 20 },
    createdAt: { sql: historyColumns.createdAt, label: 'Changed', format: 'datetime', width: 20 },
  },
  from: (db, fields) => historyBase(db, fields),
  filters: { q: text(products.name, products.sku), productId: id(productPoints.productId) },
  sort: {
    id: productPoints.id,
    effectiveFrom: productPoints.effectiveFrom,
    createdAt: productPoints.createdAt,
  },
  defaultSort: 'id',
  id: productPoints.id,
});

export async function findChange(tx: Executor, id: number): Promise<PointsChangeRow | undefined> {
  const [row] = await historyBase(tx, historyColumns).where(eq(productPoints.id, id));
  return row as PointsChangeRow | undefined;
}

export async function insertChange(tx: Executor, values: typeof productPoints.$inferInsert): Promise<number> {
  const [row] = await tx.insert(productPoints).values(values).returning({ id: productPoints.id });
  return row!.id;
}

/** Product ids of these (upper-case) SKU codes; unknown codes are absent from the map. */
export async function productIdsBySku(tx: Executor, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** Scheme point changes recorded in a dashboard range (by when they were made), and the SKUs they changed. */
export async function changesInRange(tx: Executor, range: DashboardRange) {
  const [row] = await tx
    .select({
      changes: sql<number>`count(*)`.mapWith(Number),
      skus: sql<number>`count(distinct ${productPoints.productId})`.mapWith(Number),
    })
    .from(productPoints)
    .where(inRange(productPoints.createdAt, range));
  return { changes: row?.changes ?? 0, skus: row?.skus ?? 0 };
}
