import type { ProductOption, ProductRow } from '@app/contract/products';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/products';
import { defineList } from '../../lib/lists/define';
import { bool, equals, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { skuPoints } from '../scheme-points';

const columns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  category: products.category,
  unit: products.unit,
  // The points in force now (Update Scheme Points' latest change in force, else the base), as scans
  // credit them; the next scheduled change beside them.
  basePoints: skuPoints.now,
  nextPoints: skuPoints.next,
  nextEffectiveFrom: skuPoints.nextFrom,
  active: products.active,
  createdAt: isoText(products.createdAt),
  updatedAt: isoText(products.updatedAt),
};

/** Products and their export. */
export const productList = defineList<ProductRow>({
  columns: {
    ...columns,
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    name: { sql: products.name, label: 'Name', width: 28 },
    category: { sql: products.category, label: 'Category', width: 16 },
    unit: { sql: products.unit, label: 'Unit', width: 8 },
    basePoints: { sql: skuPoints.now, label: 'Points now', format: 'int', width: 10 },
    nextPoints: { sql: skuPoints.next, label: 'Next points', format: 'int', width: 10 },
    nextEffectiveFrom: { sql: skuPoints.nextFrom, label: 'Next from', format: 'datetime', width: 20 },
    active: { sql: products.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(products).$dynamic(),
  filters: {
    q: text(products.name, products.sku),
    category: equals(products.category),
    active: bool(products.active),
  },
  sort: {
    id: products.id,
    sku: products.sku,
    name: products.name,
    category: products.category,
    createdAt: products.createdAt,
  },
  defaultSort: 'id',
  id: products.id,
});

export async function findProduct(tx: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select(columns).from(products).where(eq(products.id, id));
  return row;
}

export async function productIdBySku(tx: Executor, sku: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return row?.id;
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
      basePoints: skuPoints.now,
      active: products.active,
    })
    .from(products)
    .orderBy(sql`${products.active} desc`, asc(products.name));

/** Locks a product row for the rest of the transaction (point changes and batches agree). */
export async function lockProduct(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: products.id, active: products.active })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}
