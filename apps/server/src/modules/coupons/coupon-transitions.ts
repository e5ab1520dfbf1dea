import type { StoredCouponStatus } from '@app/contract/coupons';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface Move {
  /** Which coupons (the status condition is added from `from`). */
  where: SQL;
  from: readonly StoredCouponStatus[];
  to: StoredCouponStatus;
  /** Extra assignments, e.g. sql`allocation_id = 5`. */
  set?: SQL;
  /** Take at most this many, lowest serial first, skipping rows another transaction holds. */
  take?: number;
}

export interface Moved {
  serial: number;
  batchId: number;
  old: StoredCouponStatus;
  allocationId: number | null;
}

const statusList = (list: readonly string[]) =>
  sql.join(
    list.map((s) => sql`${s}::coupon_status`),
    sql`, `,
  );

/**
 * The one way coupon states change: a guarded UPDATE (rows are locked and their status re-checked,
 * so two transactions can never both move one coupon) that adjusts the per-batch counters in the
 * same statement (in this connection's shard: `coupon_count_shard()`, migration `points_and_scans`;
 * the scan's single-coupon move is the database function `scan_coupon`). Returns the moved coupons' count, and their rows when asked.
 */
function moveStatement(m: Move, returnRows: boolean): SQL {
  const limit = m.take === undefined ? sql`` : sql`order by serial limit ${m.take}`;
  const lock = m.take === undefined ? sql`for update` : sql`for update skip locked`;
  const extra = m.set ? sql`, ${m.set}` : sql``;
  const tail = returnRows
    ? sql`select serial::float8 as serial, batch_id as "batchId", old, allocation_id as "allocationId" from moved order by serial`
    : sql`select count(*)::int as n from moved`;
  return sql`
    with target as (
      select serial, status as old from coupons
      where (${m.where}) and status in (${statusList(m.from)}) ${limit} ${lock}
    ), moved as (
      update coupons c set status = ${m.to}::coupon_status ${extra}
      from target t where c.serial = t.serial
      returning c.serial, c.batch_id, t.old, c.allocation_id
    ), counted as (
      insert into coupon_counts (batch_id, status, shard, n)
      select batch_id, status, coupon_count_shard(), sum(d) from (
        select batch_id, old as status, -1 as d from moved
        union all select batch_id, ${m.to}::coupon_status, 1 from moved
      ) x group by 1, 2 order by 1, 2
      on conflict (batch_id, status, shard) do update set n = coupon_counts.n + excluded.n
    )
    ${tail}`;
}

export async function moveCoupons(tx: Executor, m: Move): Promise<number> {
  const result = await tx.execute(moveStatement(m, false));
  return Number((result.rows[0] as { n: number }).n);
}

export async function moveCouponsReturning(tx: Executor, m: Move): Promise<Moved[]> {
  const result = await tx.execute(moveStatement(m, true));
  return (result.rows as unknown as Moved[]).map((r) => ({ ...r, serial: Number(r.serial) }));
}

/**
 * A freshly filled batch's counters: all its codes `generated`. Idempotent, so a retried generation
 * job that fills the batch again does not count it twice.
 */
export async function countNewBatch(tx: Executor, batchId: number, quantity: number): Promise<void> {
  await tx.execute(sql`
    insert into coupon_counts (batch_id, status, shard, n) values (${batchId}, 'generated', 0, ${quantity})
    on conflict (batch_id, status, shard) do update set n = excluded.n`);
}

/** Batches whose expiry date has not passed (Asia/Kolkata day): only their coupons can move on. */
export const unexpiredBatch = (batchId: SQL | string = sql`batch_id`) =>
  sql`${typeof batchId === 'string' ? sql.raw(batchId) : batchId} in (select id from coupon_batches where expires_on >= (now() at time zone 'Asia/Kolkata')::date)`;
