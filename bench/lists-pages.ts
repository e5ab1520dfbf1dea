/**
 * List pages of bench/lists.ts: QR Scan History (coupon_scans) and Invoice Wise Coupon Details (the
 * coupons of an invoice: the one list over the coupons table), each on its first page and on a page
 * ~N/2 rows deep (by cursor), with a selective and an unselective filter. The ceiling is the same
 * keyset SQL — text and values the product sends (`pageSql`) — run raw on the pool. Product and raw
 * runs alternate, so load on the shared machine falls on both alike.
 */
import type { ListQuery } from '@app/contract/list';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { cappedCount, estimateRows, mustCount } from '../apps/server/src/lib/lists/count';
import type { List } from '../apps/server/src/lib/lists/define';
import { listPage, pageSql, planOf } from '../apps/server/src/lib/lists/engine';
import { scanList } from '../apps/server/src/modules/coupon-scans/coupon-scans.repository';
import {
  invoiceCouponList,
  ofInvoice,
} from '../apps/server/src/modules/coupon-stock/coupon-summary.repository';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)]!;

/** p95 of each of the runs, taken in turn (one of each per round). */
async function alternate(runs: (() => Promise<unknown>)[]) {
  for (const run of runs) await run(); // warm
  const ms = runs.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, run] of runs.entries()) {
      const t0 = performance.now();
      await run();
      ms[k]!.push(performance.now() - t0);
    }
  }
  return ms.map(p95);
}

interface Case {
  table: string;
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: one bench over lists of different rows
  list: List<any, any>;
  query: Omit<ListQuery, 'page' | 'perPage'>;
  scope?: SQL;
  /** The sort value and id of the row ~N/2 deep, for its cursor. */
  deep: string;
}

/** The cursor a user holds after paging ~N/2 deep: the first page's, moved to the deep row (its total rides along). */
async function deepCursor(database: Database, c: Case) {
  const first = await listPage(c.list, database.db, { page: 1, perPage: 25, ...c.query }, c.scope);
  const carried = first.nextCursor
    ? JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString('utf8'))
    : {};
  return Buffer.from(JSON.stringify({ ...carried, value: c.deep, id: c.deep })).toString('base64url');
}

export async function benchListPages(database: Database, N: number) {
  const half = async (text: string) =>
    String((await database.executeSql(text, [Math.floor(N / 2)])).rows[0]!.v);
  const deepScan = await half('select id::text as v from coupon_scans order by id desc offset $1 limit 1');
  const deepCoupon = await half(`select c.serial::text as v from coupons c
    join coupon_allocations a on a.id = c.allocation_id join invoice_lines l on l.id = a.invoice_line_id
    where l.invoice_id = 1 order by c.serial offset $1 limit 1`);
  const scans = { table: 'scans', list: scanList, deep: deepScan };
  const coupons = { table: 'coupons', list: invoiceCouponList, deep: deepCoupon };
  const cases: Case[] = [
    {
      ...scans,
      label: 'unselective (result=success)',
      query: { order: 'DESC', sort: 'id', filter: { result: 'success' } },
    },
    {
      ...scans,
      label: 'selective (one member)',
      query: { order: 'DESC', sort: 'id', filter: { memberId: 7 } },
    },
    {
      ...coupons,
      label: 'unselective (invoice 1, active)',
      query: { order: 'ASC', sort: 'serial', filter: { status: 'active' } },
      scope: await ofInvoice(database.db, 1),
    },
    {
      ...coupons,
      label: 'selective (invoice 2, active)',
      query: { order: 'ASC', sort: 'serial', filter: { status: 'active' } },
      scope: await ofInvoice(database.db, 2),
    },
  ];
  const pool = database.pool!;
  console.log('case | product p95 ms | raw same-SQL p95 ms | ratio | total | count path p95 ms');
  const results: { name: string; product: number; raw: number }[] = [];
  for (const c of cases) {
    for (const at of ['first page', 'page ~N/2 deep']) {
      const query: ListQuery = {
        page: 1,
        perPage: 25,
        ...c.query,
        ...(at === 'first page' ? {} : { cursor: await deepCursor(database, c) }),
      };
      const raw = pageSql(c.list, database.db, query, c.scope);
      const [product, rawMs] = await alternate([
        () => listPage(c.list, database.db, query, c.scope),
        () => pool.query({ text: raw.sql, values: raw.params as unknown[] }),
      ]);
      const page = await listPage(c.list, database.db, query, c.scope);
      // The parts of the first page's total, each alone: the planner's estimate, and the capped count when it is needed.
      let parts = 'carried in the cursor';
      if (at === 'first page') {
        const where = planOf(c.list, { ...query, scope: c.scope }).where;
        const estimate = await estimateRows(c.list, database.db, where);
        const [explainMs, countMs] = await alternate([
          () => estimateRows(c.list, database.db, where),
          ...(mustCount(estimate) ? [() => cappedCount(c.list, database.db, where)] : []),
        ]);
        parts = `estimate ${Math.round(estimate.rows)}${estimate.oneTable ? '' : ' (join)'} in ${explainMs!.toFixed(1)}${countMs ? `, counted in ${countMs.toFixed(1)}` : ', trusted'}`;
      }
      const name = `${c.table}: ${c.label}, ${at}`;
      results.push({ name, product: product!, raw: rawMs! });
      console.log(
        `${name} | ${product!.toFixed(1)} | ${rawMs!.toFixed(1)} | ${(product! / rawMs!).toFixed(2)}x | ` +
          `${page.total}${page.totalIsEstimate ? ' (estimate)' : ''} | ${parts}`,
      );
      if (process.env.BENCH_EXPLAIN === '1') {
        const plan = await pool.query({
          text: `explain (analyze, buffers) ${raw.sql}`,
          values: raw.params as unknown[],
        });
        console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
    }
  }
  return results;
}
