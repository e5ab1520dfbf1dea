import type { ListQuery } from '@app/contract/list';
import type { ProductOption, ProductRow } from '@app/contract/products';
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/products';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, isoText } from '../../lib/list-filters';

const columns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  category: products.category,
  unit: products.unit,
  basePoints: products.basePoints,
  active: products.active,
  createdAt: isoText(products.createdAt),
  updatedAt: isoText(products.updatedAt),
};

const spec: ListSpec = {
  sortable: {
    id: products.id,
    sku: products.sku,
    name: products.name,
    category: products.category,
    basePoints: products.basePoints,
    createdAt: products.createdAt,
  },
  defaultSort: 'id',
  id: products.id,
  filters: {
    q: (v) => or(ilike(products.name, containsPattern(v)), ilike(products.sku, containsPattern(v))),
    category: (v) => eq(products.category, String(v)),
    active: (v) => eq(products.active, booleanFilter('active', v)),
  },
};

export const listProducts = (tx: Executor, query: ListQuery) =>
  runList<ProductRow>(spec, query, {
    select: (cursor) =>
      tx
        .select({ ...columns, ...cursor })
        .from(products)
        .$dynamic(),
    count: () => tx.select({ n: count() }).from(products).$dynamic(),
  });

export async function findProduct(tx: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select(columns).from(products).where(eq(products.id, id));
  return row;
}

export async function skuTaken(tx: Executor, sku: string): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return Boolean(row);
}

export async function insertProduct(tx: Executor, values: typeof products.$inferInsert): Promise<number> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(
  tx: Executor,
  id: number,
  values: Partial<typeof products.$inferInsert>,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Every SKU for pickers, active first. */
export const productOptions = (tx: Executor): Promise<ProductOption[]> =>
  tx
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      basePoints: products.basePoints,
      active: products.active,
    })
    .from(products)
    .orderBy(sql`${products.active} desc`, asc(products.name));

/** Locks a product row for the rest of the transaction (point changes and batches agree). */
export async function lockProduct(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: products.id, active: products.active, basePoints: products.basePoints })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}
