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
 * same statement. Returns the moved coupons' count, and their rows when asked.
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
      insert into coupon_counts (batch_id, status, n)
      select batch_id, status, sum(d) from (
        select batch_id, old as status, -1 as d from moved
        union all select batch_id, ${m.to}::coupon_status, 1 from moved
      ) x group by 1, 2 order by 1, 2
      on conflict (batch_id, status) do update set n = coupon_counts.n + excluded.n
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

/** Batches whose expiry date has not passed (Asia/Kolkata day): only their coupons can move on. */
export const unexpiredBatch = (batchId: SQL | string = sql`batch_id`) =>
  sql`${typeof batchId === 'string' ? sql.raw(batchId) : batchId} in (select id from coupon_batches where expires_on >= (now() at time zone 'Asia/Kolkata')::date)`;
