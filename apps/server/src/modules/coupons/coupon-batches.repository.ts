import type { BatchOption, BatchRow } from '@app/contract/coupon-batches';
import type { ListQuery } from '@app/contract/list';
import { count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { couponBatches } from '../../db/schema/coupons';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { tasks } from '../../db/schema/tasks';
import { type ListSpec, runList } from '../../lib/list';
import { containsPattern, idFilter, isoText } from '../../lib/list-filters';
import { STALE_TASK_SECONDS } from '../../plugins/task-recovery';
import { countsJson, visibleCounts } from './coupon-counts';

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
  readyAt: sql<
    string | null
  >`case when ${couponBatches.readyAt} is null then null else ${isoText(couponBatches.readyAt)} end`,
  stored: countsJson(couponBatches.id),
};

type Raw = Omit<BatchRow, 'counts' | 'status'> & { status: string; stored: Record<string, number> | null };
const toRow = ({ stored, ...r }: Raw): BatchRow => ({
  ...r,
  status: r.status as BatchRow['status'],
  counts: visibleCounts(stored, r.expiresOn),
});

const spec: ListSpec = {
  sortable: { id: couponBatches.id, createdAt: couponBatches.createdAt, quantity: couponBatches.quantity },
  defaultSort: 'id',
  id: couponBatches.id,
  filters: {
    q: (v) => or(ilike(products.name, containsPattern(v)), ilike(products.sku, containsPattern(v))),
    productId: (v) => eq(couponBatches.productId, idFilter('productId', v)),
    status: (v) => eq(couponBatches.status, String(v)),
    from: (v) => gte(couponBatches.createdAt, sql`${String(v)}::timestamptz`),
    to: (v) => lt(couponBatches.createdAt, sql`${String(v)}::timestamptz`),
  },
};

function selectBatches(tx: Executor, extra: Record<string, SQL> = {}) {
  return tx
    .select({ ...columns, ...extra })
    .from(couponBatches)
    .innerJoin(products, eq(products.id, couponBatches.productId))
    .leftJoin(tasks, eq(tasks.id, couponBatches.taskId))
    .leftJoin(staff, eq(staff.id, couponBatches.createdBy))
    .$dynamic();
}

export async function listBatches(tx: Executor, query: ListQuery) {
  const result = await runList<Raw>(spec, query, {
    select: (cursor) => selectBatches(tx, cursor),
    count: () =>
      tx
        .select({ n: count() })
        .from(couponBatches)
        .innerJoin(products, eq(products.id, couponBatches.productId))
        .$dynamic(),
  });
  return { ...result, rows: result.rows.map(toRow) };
}

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
