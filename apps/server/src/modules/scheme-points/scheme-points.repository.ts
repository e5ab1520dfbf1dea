import type { ListQuery } from '@app/contract/list';
import type { PointsChangeRow, SkuPointsRow } from '@app/contract/scheme-points';
import { count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productPoints } from '../../db/schema/product-points';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, idFilter, isoText } from '../../lib/list-filters';

/**
 * The points of a SKU in force now: the latest change with effective-from not after now, else the
 * catalogue's base points (database function `points_in_force`, shared with the scan). `product` is
 * the SQL of the product id (a column or a parameter).
 */
export const pointsInForce = (
  product: SQL | typeof products.id,
  basePoints: SQL | typeof products.basePoints,
) => sql<number>`points_in_force(${product}, ${basePoints})`;

const nextChange = (column: 'points' | 'effective_from') =>
  sql.raw(`(select pp.${column} from product_points pp
    where pp.product_id = "products"."id" and pp.effective_from > now()
    order by pp.effective_from, pp.id desc limit 1)`);

const gridSpec: ListSpec = {
  sortable: { id: products.id, sku: products.sku, name: products.name, category: products.category },
  defaultSort: 'id',
  id: products.id,
  filters: {
    q: (v) => or(ilike(products.name, containsPattern(v)), ilike(products.sku, containsPattern(v))),
    active: (v) => eq(products.active, booleanFilter('active', v)),
  },
};

export const listSkuPoints = (tx: Executor, query: ListQuery) =>
  runList<SkuPointsRow>(gridSpec, query, {
    select: (cursor) =>
      tx
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          category: products.category,
          active: products.active,
          currentPoints: sql<number>`${pointsInForce(products.id, products.basePoints)}::int`,
          nextPoints: sql<number | null>`${nextChange('points')}`,
          nextEffectiveFrom: sql<
            string | null
          >`to_char(${nextChange('effective_from')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
          ...cursor,
        })
        .from(products)
        .$dynamic(),
    count: () => tx.select({ n: count() }).from(products).$dynamic(),
  });

const historySpec: ListSpec = {
  sortable: {
    id: productPoints.id,
    effectiveFrom: productPoints.effectiveFrom,
    createdAt: productPoints.createdAt,
  },
  defaultSort: 'id',
  id: productPoints.id,
  filters: {
    q: (v) => or(ilike(products.name, containsPattern(v)), ilike(products.sku, containsPattern(v))),
    productId: (v) => eq(productPoints.productId, idFilter('productId', v)),
  },
};

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

export const listChanges = (tx: Executor, query: ListQuery) =>
  runList<PointsChangeRow>(historySpec, query, {
    select: (cursor) => historyBase(tx, { ...historyColumns, ...cursor }),
    count: () => historyBase(tx, { n: count() }),
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
