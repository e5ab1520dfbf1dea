import { ALLOCATION_MODES, type AllocatableLine, type AllocationRow } from '@app/contract/coupon-allocations';
import { and, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { couponAllocations } from '../../db/schema/coupon-allocations';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { bool, custom, id, istDayRange, oneOf, parseSerial, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const undoer = alias(staff, 'undoer');

const base = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(couponAllocations)
    .innerJoin(invoiceLines, eq(invoiceLines.id, couponAllocations.invoiceLineId))
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
    .innerJoin(products, eq(products.id, invoiceLines.productId))
    .leftJoin(staff, eq(staff.id, couponAllocations.createdBy))
    .leftJoin(undoer, eq(undoer.id, couponAllocations.undoneBy))
    .$dynamic();

const columns = {
  id: couponAllocations.id,
  invoiceLineId: couponAllocations.invoiceLineId,
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
  distributorCode: distributors.code,
  distributorName: distributors.name,
  sku: products.sku,
  mode: couponAllocations.mode,
  fromSerial: couponAllocations.fromSerial,
  toSerial: couponAllocations.toSerial,
  quantity: couponAllocations.quantity,
  status: couponAllocations.status,
  returned: couponAllocations.returned,
  undoReason: couponAllocations.undoReason,
  undoneByName: undoer.name,
  undoneAt: sql<string | null>`${isoText(couponAllocations.undoneAt)}`,
  createdByName: staff.name,
  createdAt: isoText(couponAllocations.createdAt),
};

/** Allocation History, its export and the "Coupon allocations" report. */
export const allocationList = defineList<AllocationRow>({
  columns: {
    ...columns,
    id: { sql: couponAllocations.id, label: 'Allocation', format: 'int', width: 10 },
    createdAt: { sql: columns.createdAt, label: 'Allocated', format: 'datetime', width: 20 },
    invoiceNumber: { sql: invoices.number, label: 'Invoice', width: 16 },
    distributorCode: { sql: distributors.code, label: 'Distributor code', width: 14 },
    distributorName: { sql: distributors.name, label: 'Distributor', width: 24 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    mode: { sql: couponAllocations.mode, label: 'Mode', width: 12 },
    fromSerial: { sql: couponAllocations.fromSerial, label: 'From serial', format: 'int', width: 12 },
    toSerial: { sql: couponAllocations.toSerial, label: 'To serial', format: 'int', width: 12 },
    quantity: { sql: couponAllocations.quantity, label: 'Quantity', format: 'int', width: 10 },
    status: { sql: couponAllocations.status, label: 'Status', width: 10 },
    returned: { sql: couponAllocations.returned, label: 'Returned', format: 'int', width: 10 },
    undoReason: { sql: couponAllocations.undoReason, label: 'Undo reason', width: 24 },
    createdByName: { sql: staff.name, label: 'By', width: 20 },
  },
  from: (db, fields) => base(db, fields),
  filters: {
    q: text(invoices.number, distributors.name),
    invoiceId: id(invoices.id),
    invoiceLineId: id(couponAllocations.invoiceLineId),
    distributorId: id(invoices.distributorId),
    productId: id(invoiceLines.productId),
    status: oneOf(couponAllocations.status, ['active', 'undone']),
    mode: oneOf(couponAllocations.mode, ALLOCATION_MODES),
    serial: custom((v, key) => {
      const serial = parseSerial(v, key);
      return and(lte(couponAllocations.fromSerial, serial), gte(couponAllocations.toSerial, serial));
    }),
    ...istDayRange(couponAllocations.createdAt),
  },
  sort: {
    id: couponAllocations.id,
    createdAt: couponAllocations.createdAt,
    quantity: couponAllocations.quantity,
  },
  defaultSort: 'id',
  id: couponAllocations.id,
});

export async function findAllocation(tx: Executor, id: number): Promise<AllocationRow | undefined> {
  const [row] = (await base(tx, columns).where(eq(couponAllocations.id, id))) as unknown as AllocationRow[];
  return row;
}

/** A new allocation, with its invoice's distributor copied onto it. */
export async function insertAllocation(
  tx: Executor,
  values: Omit<typeof couponAllocations.$inferInsert, 'distributorId'>,
) {
  const [row] = await tx
    .insert(couponAllocations)
    .values({
      ...values,
      distributorId: sql`(select i.distributor_id from invoice_lines l join invoices i on i.id = l.invoice_id
        where l.id = ${values.invoiceLineId})`,
    })
    .returning({ id: couponAllocations.id });
  return row!.id;
}

export async function setAllocation(
  tx: Executor,
  id: number,
  values: PgUpdateSetSource<typeof couponAllocations>,
) {
  await tx.update(couponAllocations).set(values).where(eq(couponAllocations.id, id));
}

/** Marks an active allocation undone; false when it was not active (already undone, or racing). */
export async function claimUndo(
  tx: Executor,
  id: number,
  values: PgUpdateSetSource<typeof couponAllocations>,
) {
  const rows = await tx
    .update(couponAllocations)
    .set({ ...values, status: 'undone' })
    .where(and(eq(couponAllocations.id, id), eq(couponAllocations.status, 'active')))
    .returning({ id: couponAllocations.id });
  return rows.length === 1;
}

/** The line, locked: allocations to one line queue behind each other. */
export async function lockLine(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: invoiceLines.id,
      productId: invoiceLines.productId,
      quantity: invoiceLines.quantity,
      allocated: invoiceLines.allocated,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.id, id))
    .for('update');
  return row;
}

/** Adds to the line's live count, never beyond its quantity (the row count says whether it fitted). */
export async function addToLine(tx: Executor, id: number, n: number): Promise<boolean> {
  const rows = await tx
    .update(invoiceLines)
    .set({ allocated: sql`${invoiceLines.allocated} + ${n}` })
    .where(
      and(
        eq(invoiceLines.id, id),
        sql`${invoiceLines.allocated} + ${n} between 0 and ${invoiceLines.quantity}`,
      ),
    )
    .returning({ id: invoiceLines.id });
  return rows.length === 1;
}

/** Printed, unallocated coupons of a product in unexpired batches (from the counters). */
export const inStockOf = (productId: unknown) => sql<number>`(
  select coalesce(sum(cc.n), 0)::int from coupon_counts cc join coupon_batches b on b.id = cc.batch_id
  where b.product_id = ${productId} and cc.status = 'printed' and b.status = 'ready'
    and b.expires_on >= (now() at time zone 'Asia/Kolkata')::date)`;

const lineBase = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
    .innerJoin(products, eq(products.id, invoiceLines.productId))
    .$dynamic();

/** Coupon Allocation: invoice lines to allocate to, with what remains and the SKU's stock. */
export const allocatableLineList = defineList<AllocatableLine>({
  columns: {
    id: invoiceLines.id,
    invoiceId: invoices.id,
    invoiceNumber: { sql: invoices.number, label: 'Invoice', width: 16 },
    invoiceDate: { sql: invoices.invoiceDate, label: 'Invoice date', format: 'date', width: 12 },
    distributorName: { sql: distributors.name, label: 'Distributor', width: 24 },
    productId: invoiceLines.productId,
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    productName: { sql: products.name, label: 'Product', width: 24 },
    quantity: { sql: invoiceLines.quantity, label: 'Quantity', format: 'int', width: 10 },
    allocated: { sql: invoiceLines.allocated, label: 'Allocated', format: 'int', width: 10 },
    remaining: {
      sql: sql<number>`${invoiceLines.quantity} - ${invoiceLines.allocated}`,
      label: 'Remaining',
      format: 'int',
      width: 10,
    },
    inStock: { sql: inStockOf(invoiceLines.productId), label: 'In stock', format: 'int', width: 10 },
  },
  from: (db, fields) => lineBase(db, fields),
  filters: {
    q: text(invoices.number, distributors.name),
    invoiceId: id(invoices.id),
    productId: id(invoiceLines.productId),
    open: bool((yes) => (yes ? gt(invoiceLines.quantity, invoiceLines.allocated) : sql`true`)),
  },
  sort: { id: invoiceLines.id, invoiceDate: invoices.invoiceDate },
  defaultSort: 'id',
  id: invoiceLines.id,
});
