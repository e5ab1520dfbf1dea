import type { AllocatableLine, AllocationRow } from '@app/contract/coupon-allocations';
import type { ListQuery } from '@app/contract/list';
import { and, count, eq, gt, gte, ilike, lt, lte, or, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { couponAllocations } from '../../db/schema/coupon-allocations';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, idFilter, isoText } from '../../lib/list-filters';

const undoer = alias(staff, 'undoer');

const spec: ListSpec = {
  sortable: {
    id: couponAllocations.id,
    createdAt: couponAllocations.createdAt,
    quantity: couponAllocations.quantity,
  },
  defaultSort: 'id',
  id: couponAllocations.id,
  filters: {
    q: (v) => or(ilike(invoices.number, containsPattern(v)), ilike(distributors.name, containsPattern(v))),
    invoiceId: (v) => eq(invoices.id, idFilter('invoiceId', v)),
    invoiceLineId: (v) => eq(couponAllocations.invoiceLineId, idFilter('invoiceLineId', v)),
    distributorId: (v) => eq(invoices.distributorId, idFilter('distributorId', v)),
    productId: (v) => eq(invoiceLines.productId, idFilter('productId', v)),
    status: (v) => eq(couponAllocations.status, String(v)),
    mode: (v) => eq(couponAllocations.mode, String(v)),
    serial: (v) =>
      and(
        lte(couponAllocations.fromSerial, idFilter('serial', v)),
        gte(couponAllocations.toSerial, idFilter('serial', v)),
      ),
    from: (v) => gte(couponAllocations.createdAt, sql`${String(v)}::timestamptz`),
    to: (v) => lt(couponAllocations.createdAt, sql`${String(v)}::timestamptz`),
  },
};

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
  undoneAt: sql<
    string | null
  >`case when ${couponAllocations.undoneAt} is null then null else ${isoText(couponAllocations.undoneAt)} end`,
  createdByName: staff.name,
  createdAt: isoText(couponAllocations.createdAt),
};

export const listAllocations = (tx: Executor, query: ListQuery) =>
  runList<AllocationRow>(spec, query, {
    select: (cursor) => base(tx, { ...columns, ...cursor }),
    count: () => base(tx, { n: count() }),
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

const lineSpec: ListSpec = {
  sortable: { id: invoiceLines.id, invoiceDate: invoices.invoiceDate },
  defaultSort: 'id',
  id: invoiceLines.id,
  filters: {
    q: (v) => or(ilike(invoices.number, containsPattern(v)), ilike(distributors.name, containsPattern(v))),
    invoiceId: (v) => eq(invoices.id, idFilter('invoiceId', v)),
    productId: (v) => eq(invoiceLines.productId, idFilter('productId', v)),
    open: (v) => (booleanFilter('open', v) ? gt(invoiceLines.quantity, invoiceLines.allocated) : undefined),
  },
};

const lineBase = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
    .innerJoin(products, eq(products.id, invoiceLines.productId))
    .$dynamic();

export const listLines = (tx: Executor, query: ListQuery) =>
  runList<AllocatableLine>(lineSpec, query, {
    select: (cursor) =>
      lineBase(tx, {
        id: invoiceLines.id,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        invoiceDate: invoices.invoiceDate,
        distributorName: distributors.name,
        productId: invoiceLines.productId,
        sku: products.sku,
        productName: products.name,
        quantity: invoiceLines.quantity,
        allocated: invoiceLines.allocated,
        remaining: sql<number>`${invoiceLines.quantity} - ${invoiceLines.allocated}`,
        inStock: inStockOf(invoiceLines.productId),
        ...cursor,
      }),
    count: () => lineBase(tx, { n: count() }),
  });
