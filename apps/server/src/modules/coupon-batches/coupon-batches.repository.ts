import { BATCH_STATUSES, type BatchOption, type BatchRow } from '@app/contract/coupon-batches';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { couponBatches } from '../../db/schema/coupons';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { tasks } from '../../db/schema/tasks';
import { defineList } from '../../lib/lists/define';
import { id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { STALE_TASK_SECONDS } from '../../plugins/task-recovery';
import { countExportColumns, countsJson, visibleCounts } from '../coupons';

/** Arbitrary constant: the advisory lock under which batches reserve serial blocks. */
const SERIAL_LOCK = 7_310_420_501;

/** Reserves `n` consecutive serials: contiguous ranges make "print serials a..b" meaningful. */
export async function reserveSerials(tx: Executor, n: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERIAL_LOCK})`);
  const first = await tx.execute(sql`select nextval('coupon_serial_seq')::float8 as v`);
  const v = Number((first.rows[0] as { v: number }).v);
  if (n > 1) await tx.execute(sql`select setval('coupon_serial_seq', ${v + n - 1})`);
  return v;
}

const columns = {
  id: couponBatches.id,
  productId: couponBatches.productId,
  sku: products.sku,
  productName: products.name,
  quantity: couponBatches.quantity,
  expiresOn: couponBatches.expiresOn,
  note: couponBatches.note,
  status: couponBatches.status,
  firstSerial: couponBatches.firstSerial,
  lastSerial: couponBatches.lastSerial,
  done: sql<number>`case when ${couponBatches.status} = 'ready' then ${couponBatches.quantity} else coalesce(${tasks.done}, 0) end`,
  error: couponBatches.error,
  interrupted: sql<boolean>`coalesce(${couponBatches.status} = 'generating' and ${tasks.status} in ('running', 'interrupted')
    and (${tasks.interruptedAt} is not null or ${tasks.heartbeatAt} < now() - make_interval(secs => ${STALE_TASK_SECONDS})), false)`,
  taskId: couponBatches.taskId,
  replacement: sql<boolean>`${couponBatches.damagedReportId} is not null`,
  createdByName: staff.name,
  createdAt: isoText(couponBatches.createdAt),
  readyAt: sql<string | null>`${isoText(couponBatches.readyAt)}`,
  stored: countsJson(couponBatches.id),
};

type Raw = Omit<BatchRow, 'counts' | 'status'> & { status: string; stored: Record<string, number> | null };
const toRow = ({ stored, ...r }: Raw): BatchRow => ({
  ...r,
  status: r.status as BatchRow['status'],
  counts: visibleCounts(stored, r.expiresOn),
});

function selectBatches(tx: Executor, extra: Record<string, SQL> = {}) {
  return tx
    .select({ ...columns, ...extra })
    .from(couponBatches)
    .innerJoin(products, eq(products.id, couponBatches.productId))
    .leftJoin(tasks, eq(tasks.id, couponBatches.taskId))
    .leftJoin(staff, eq(staff.id, couponBatches.createdBy))
    .$dynamic();
}

/** Generate QR Code's list of batches and its export. */
export const batchList = defineList<BatchRow, Raw>({
  columns: {
    ...columns,
    id: { sql: couponBatches.id, label: 'Batch', format: 'int', width: 8 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    productName: { sql: products.name, label: 'Product', width: 24 },
    quantity: { sql: couponBatches.quantity, label: 'Quantity', format: 'int', width: 10 },
    firstSerial: { sql: couponBatches.firstSerial, label: 'First serial', format: 'int', width: 12 },
    lastSerial: { sql: couponBatches.lastSerial, label: 'Last serial', format: 'int', width: 12 },
    expiresOn: { sql: couponBatches.expiresOn, label: 'Expires', format: 'date', width: 12 },
    status: { sql: couponBatches.status, label: 'Status', width: 10 },
    note: { sql: couponBatches.note, label: 'Note', width: 24 },
    createdByName: { sql: staff.name, label: 'By', width: 20 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  map: toRow,
  computed: countExportColumns<BatchRow>(),
  from: (db, fields) =>
    db
      .select(fields)
      .from(couponBatches)
      .innerJoin(products, eq(products.id, couponBatches.productId))
      .leftJoin(tasks, eq(tasks.id, couponBatches.taskId))
      .leftJoin(staff, eq(staff.id, couponBatches.createdBy))
      .$dynamic(),
  filters: {
    q: text(products.name, products.sku),
    productId: id(couponBatches.productId),
    status: oneOf(couponBatches.status, BATCH_STATUSES),
    ...istDayRange(couponBatches.createdAt),
  },
  sort: { id: couponBatches.id, createdAt: couponBatches.createdAt, quantity: couponBatches.quantity },
  defaultSort: 'id',
  id: couponBatches.id,
});

export async function findBatch(tx: Executor, id: number): Promise<BatchRow | undefined> {
  const [row] = await selectBatches(tx).where(eq(couponBatches.id, id));
  return row ? toRow(row as Raw) : undefined;
}

export async function insertBatch(tx: Executor, values: typeof couponBatches.$inferInsert): Promise<number> {
  const [row] = await tx.insert(couponBatches).values(values).returning({ id: couponBatches.id });
  return row!.id;
}

/** The batch's row, locked for a change of status. */
export async function lockBatch(tx: Executor, id: number) {
  const [row] = await tx
    .select({ status: couponBatches.status, error: couponBatches.error })
    .from(couponBatches)
    .where(eq(couponBatches.id, id))
    .for('update');
  return row;
}

export async function setBatch(tx: Executor, id: number, values: PgUpdateSetSource<typeof couponBatches>) {
  await tx.update(couponBatches).set(values).where(eq(couponBatches.id, id));
}

/** The latest ready batches, for the print and damaged pages' pickers. */
export const batchOptions = (tx: Executor): Promise<BatchOption[]> =>
  tx
    .select({
      id: couponBatches.id,
      sku: products.sku,
      productName: products.name,
      quantity: couponBatches.quantity,
      firstSerial: couponBatches.firstSerial,
      lastSerial: couponBatches.lastSerial,
      status: sql<BatchOption['status']>`${couponBatches.status}`,
      expiresOn: couponBatches.expiresOn,
    })
    .from(couponBatches)
    .innerJoin(products, eq(products.id, couponBatches.productId))
    .where(eq(couponBatches.status, 'ready'))
    .orderBy(desc(couponBatches.id))
    .limit(500);
