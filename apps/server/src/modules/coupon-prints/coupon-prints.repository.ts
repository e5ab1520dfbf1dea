import { PRINT_LAYOUTS, PRINT_STATUSES, type PrintRow } from '@app/contract/coupon-prints';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { couponPrints } from '../../db/schema/coupon-prints';
import { couponBatches } from '../../db/schema/coupons';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { tasks } from '../../db/schema/tasks';
import { defineList } from '../../lib/lists/define';
import { bool, custom, id, istDayRange, oneOf, parseSerial } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import type { Label } from './label-pdf';

const printColumns = {
  id: couponPrints.id,
  batchId: couponPrints.batchId,
  sku: products.sku,
  fromSerial: couponPrints.fromSerial,
  toSerial: couponPrints.toSerial,
  layout: sql<PrintRow['layout']>`${couponPrints.layout}`,
  copies: couponPrints.copies,
  labels: couponPrints.labels,
  reprint: couponPrints.reprint,
  status: sql<PrintRow['status']>`${couponPrints.status}`,
  done: sql<number>`coalesce(${tasks.done}, 0)`,
  total: tasks.total,
  fileId: couponPrints.fileId,
  error: tasks.error,
  createdByName: staff.name,
  createdAt: isoText(couponPrints.createdAt),
};

const select = (tx: Executor, fields: Record<string, unknown> = printColumns) =>
  tx
    .select(fields as typeof printColumns)
    .from(couponPrints)
    .leftJoin(couponBatches, eq(couponBatches.id, couponPrints.batchId))
    .leftJoin(products, eq(products.id, couponBatches.productId))
    .leftJoin(tasks, eq(tasks.id, couponPrints.taskId))
    .leftJoin(staff, eq(staff.id, couponPrints.createdBy))
    .$dynamic();

/** Print Coupons' list of print jobs and its export. */
export const printList = defineList<PrintRow>({
  columns: {
    ...printColumns,
    id: { sql: couponPrints.id, label: 'Print', format: 'int', width: 8 },
    batchId: { sql: couponPrints.batchId, label: 'Batch', format: 'int', width: 8 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    fromSerial: { sql: couponPrints.fromSerial, label: 'From serial', format: 'int', width: 12 },
    toSerial: { sql: couponPrints.toSerial, label: 'To serial', format: 'int', width: 12 },
    layout: { sql: printColumns.layout, label: 'Layout', width: 10 },
    copies: { sql: couponPrints.copies, label: 'Copies', format: 'int', width: 8 },
    labels: { sql: couponPrints.labels, label: 'Labels', format: 'int', width: 10 },
    reprint: { sql: couponPrints.reprint, label: 'Reprint', format: 'bool', width: 8 },
    status: { sql: printColumns.status, label: 'Status', width: 10 },
    createdByName: { sql: staff.name, label: 'By', width: 20 },
    createdAt: { sql: printColumns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  from: (db, fields) => select(db, fields),
  filters: {
    batchId: id(couponPrints.batchId),
    layout: oneOf(couponPrints.layout, PRINT_LAYOUTS),
    reprint: bool(couponPrints.reprint),
    status: oneOf(couponPrints.status, PRINT_STATUSES),
    serial: custom((v, key) => {
      const serial = parseSerial(v, key);
      return and(lte(couponPrints.fromSerial, serial), gte(couponPrints.toSerial, serial));
    }),
    ...istDayRange(couponPrints.createdAt),
  },
  sort: { id: couponPrints.id, createdAt: couponPrints.createdAt, fromSerial: couponPrints.fromSerial },
  defaultSort: 'id',
  id: couponPrints.id,
});

export async function findPrint(tx: Executor, id: number): Promise<PrintRow | undefined> {
  const [row] = await select(tx).where(eq(couponPrints.id, id));
  return row;
}

export async function insertPrint(tx: Executor, values: typeof couponPrints.$inferInsert) {
  const [row] = await tx.insert(couponPrints).values(values).returning({ id: couponPrints.id });
  return row!.id;
}

export async function setPrint(tx: Executor, id: number, values: PgUpdateSetSource<typeof couponPrints>) {
  await tx.update(couponPrints).set(values).where(eq(couponPrints.id, id));
}

/** An earlier print (not failed) that overlaps the range: this one is then a reprint. */
export async function overlapsEarlierPrint(tx: Executor, from: number, to: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: couponPrints.id })
    .from(couponPrints)
    .where(
      and(
        lte(couponPrints.fromSerial, to),
        gte(couponPrints.toSerial, from),
        ne(couponPrints.status, 'failed'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Coupons of the range in ready batches: how many exist, and how many can be printed (not damaged). */
export async function rangeCounts(tx: Executor, from: number, to: number) {
  const result = await tx.execute(sql`
    select count(*)::float8 as existing, count(*) filter (where c.status <> 'damaged')::float8 as printable
    from coupons c join coupon_batches b on b.id = c.batch_id
    where c.serial between ${from} and ${to} and b.status = 'ready'`);
  const row = result.rows[0] as { existing: number; printable: number };
  return { existing: Number(row.existing), printable: Number(row.printable) };
}

/** The first serials of a range that are not ready coupons, for the error message. */
export async function absentSerials(tx: Executor, from: number, to: number, limit = 5): Promise<number[]> {
  const result = await tx.execute(sql`
    select g::float8 as s from generate_series(${from}::bigint, ${to}::bigint) g
    where not exists (select 1 from coupons c join coupon_batches b on b.id = c.batch_id
                      where c.serial = g and b.status = 'ready')
    order by g limit ${limit}`);
  return result.rows.map((r) => Number((r as { s: number }).s));
}

/** The printable coupons of a range in serial order, a page at a time (keyset on serial). */
export async function* labelPages(
  db: Executor,
  from: number,
  to: number,
  pageSize = 2000,
): AsyncGenerator<Label[]> {
  let after = from - 1;
  while (true) {
    const result = await db.execute(sql`
      select serial::float8 as serial, code from coupons
      where serial > ${after} and serial <= ${to} and status <> 'damaged'
      order by serial limit ${pageSize}`);
    const rows = result.rows.map((r) => ({ serial: Number(r.serial), code: String(r.code) }));
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.serial;
    if (rows.length < pageSize) return;
  }
}
