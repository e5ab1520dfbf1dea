import type { InvoiceCoupon } from '@app/contract/coupon-stock';
import { COUPON_STATUSES } from '@app/contract/coupons';
import { todayInIndia } from '@app/contract/format';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponAllocations } from '../../db/schema/coupon-allocations';
import { couponScans } from '../../db/schema/coupon-scans';
import { couponBatches, coupons } from '../../db/schema/coupons';
import { invoiceLines } from '../../db/schema/invoices';
import { members } from '../../db/schema/members';
import { products } from '../../db/schema/products';
import { defineList } from '../../lib/lists/define';
import { custom, refuse } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`;
const num = (v: unknown) => Number(v ?? 0);

/** Live (active or scanned) and scanned coupons per distributor. */
export async function perDistributor(tx: Executor) {
  const result = await tx.execute(sql`
    select d.id, d.code, d.name, d.state, coalesce(sum(l.allocated), 0)::float8 as allocated,
      (select count(*)::float8 from coupon_scans s where s.distributor_id = d.id and s.result = 'success') as scanned
    from distributors d join invoices i on i.distributor_id = d.id join invoice_lines l on l.invoice_id = i.id
    group by d.id order by allocated desc limit 100`);
  return result.rows.map((r) => {
    const allocated = num(r.allocated);
    const scanned = num(r.scanned);
    return {
      distributorId: num(r.id),
      code: String(r.code),
      name: String(r.name),
      state: String(r.state),
      allocated,
      scanned,
      scanRate: allocated > 0 ? scanned / allocated : 0,
    };
  });
}

/** Per Asia/Kolkata day of the range: codes generated, allocated, scanned and voided. */
export async function perDay(tx: Executor, from: string, to: string) {
  const day = (col: SQL) => sql`(${col} at time zone 'Asia/Kolkata')::date`;
  const result = await tx.execute(sql`
    with days as (select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g)
    select to_char(days.day, 'YYYY-MM-DD') as day,
      (select coalesce(sum(quantity), 0) from coupon_batches b where b.status = 'ready' and ${day(sql`b.ready_at`)} = days.day)::float8 as generated,
      (select coalesce(sum(quantity), 0) from coupon_allocations a where ${day(sql`a.created_at`)} = days.day)::float8 as allocated,
      (select count(*) from coupon_scans s where s.result = 'success' and ${day(sql`s.created_at`)} = days.day)::float8 as scanned,
      (select coalesce(sum(voided), 0) from damaged_reports r where r.status = 'approved' and ${day(sql`r.decided_at`)} = days.day)::float8 as damaged
    from days order by days.day`);
  return result.rows.map((r) => ({
    day: String(r.day),
    generated: num(r.generated),
    allocated: num(r.allocated),
    scanned: num(r.scanned),
    damaged: num(r.damaged),
  }));
}

/** The states a coupon expires from: once scanned, damaged or voided, its batch's expiry no longer matters. */
const EXPIRING: readonly string[] = ['generated', 'printed', 'active'];
const expiring = sql`${coupons.status} in (${sql.raw(EXPIRING.map((s) => `'${s}'`).join(', '))})`;
const isExpired = sql`${couponBatches.expiresOn} < ${TODAY} and ${expiring}`;

const invoiceCouponsBase = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(coupons)
    .innerJoin(couponAllocations, eq(couponAllocations.id, coupons.allocationId))
    .innerJoin(invoiceLines, eq(invoiceLines.id, couponAllocations.invoiceLineId))
    .innerJoin(products, eq(products.id, invoiceLines.productId))
    .innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
    .$dynamic();

/**
 * The coupon's one successful scan, looked up per row of the page through the partial unique index
 * `coupon_scans_one_success`: joining `coupon_scans` instead made PostgreSQL hash the whole scans
 * table before the page's LIMIT applied (a page deep in a large invoice took seconds).
 */
const successfulScan = (column: SQL) =>
  sql`(select ${column} from ${couponScans} s where s.coupon_serial = ${coupons.serial} and s.result = 'success')`;

/** Invoice Wise Coupon Details: each coupon allocated against an invoice, who scanned it, when, for how much. */
export const invoiceCouponList = defineList<InvoiceCoupon>({
  columns: {
    serial: { sql: coupons.serial, label: 'Serial', format: 'int', width: 12 },
    code: { sql: coupons.code, label: 'Code', width: 14 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    status: {
      sql: sql<
        InvoiceCoupon['status']
      >`case when ${isExpired} then 'expired' else ${coupons.status}::text end`,
      label: 'Status',
      width: 10,
    },
    allocationId: { sql: coupons.allocationId, label: 'Allocation', format: 'int', width: 10 },
    scannedBy: {
      sql: sql<
        string | null
      >`${successfulScan(sql`(select m.name from ${members} m where m.id = s.member_id)`)}`,
      label: 'Scanned by',
      width: 24,
    },
    scannedAt: {
      sql: sql<string | null>`${isoText(successfulScan(sql`s.created_at`))}`,
      label: 'Scanned',
      format: 'datetime',
      width: 20,
    },
    points: {
      sql: sql<number | null>`${successfulScan(sql`s.points`)}`,
      label: 'Points',
      format: 'int',
      width: 8,
    },
  },
  from: (db, fields) => invoiceCouponsBase(db, fields),
  // A coupon of an allocation has its allocation, line and product (foreign keys, not null): the
  // count reads the coupons and, when the status filter asks for expiry, their batch (a left join
  // on the batch's key, which PostgreSQL drops when nothing reads it). At 10M coupons the
  // five-table count of a large invoice planned in 13 ms and counted 10,001 rows in 37 ms.
  countFrom: (db, fields) =>
    db
      .select(fields as Record<string, never>)
      .from(coupons)
      .leftJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
      .$dynamic(),
  filters: {
    status: custom((v, key) => {
      if (typeof v !== 'string' || !(COUPON_STATUSES as readonly string[]).includes(v))
        throw refuse(key, `Use one of: ${COUPON_STATUSES.join(', ')}`);
      // Today as a value, not per row: the planner reads it against the batches' statistics.
      const today = todayInIndia();
      if (v === 'expired') return and(expiring, sql`${couponBatches.expiresOn} < ${today}::date`);
      const status = sql`${coupons.status} = ${v}::coupon_status`;
      // Only a coupon that can expire needs its batch's expiry read.
      return EXPIRING.includes(v) ? and(status, sql`${couponBatches.expiresOn} >= ${today}::date`) : status;
    }),
  },
  sort: { serial: coupons.serial },
  defaultSort: 'serial',
  id: coupons.serial,
});

/**
 * A live code is money (whoever holds it can scan it for points): for roles that do not print coupons
 * the codes not yet scanned or damaged are masked in SQL, all but their last four characters, so the
 * full value never leaves the database on their page or export.
 */
const maskedCode = sql<string>`case when ${expiring}
  then repeat('•', greatest(length(${coupons.code}) - 4, 0)) || right(${coupons.code}, 4)
  else ${coupons.code} end`;
export const maskedInvoiceCouponList = defineList<InvoiceCoupon>({
  ...invoiceCouponList,
  columns: { ...invoiceCouponList.columns, code: { sql: maskedCode, label: 'Code', width: 14 } },
});

/**
 * The coupons of one invoice, by the ids of its allocations, looked up first: given a constant list
 * PostgreSQL estimates a small invoice as small and walks `coupons_allocation_idx (allocation_id,
 * serial)`; given a subquery it guessed half the table and walked every coupon in serial order.
 */
export async function ofInvoice(tx: Executor, invoiceId: number) {
  const rows = await tx
    .select({ id: couponAllocations.id })
    .from(couponAllocations)
    .innerJoin(invoiceLines, eq(invoiceLines.id, couponAllocations.invoiceLineId))
    .where(eq(invoiceLines.invoiceId, invoiceId));
  // drizzle renders an empty list as `false`: an invoice without allocations has no coupons.
  return inArray(
    coupons.allocationId,
    rows.map((r) => r.id),
  );
}
