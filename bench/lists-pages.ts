/**
 * List pages of bench/lists.ts: QR Scan History (coupon_scans) and Invoice Wise Coupon Details (the
 * coupons of an invoice: the one list over the coupons table), each on its first page and on a page
 * ~N/2 rows deep (by cursor), with a selective and an unselective filter. The ceiling is the same
 * keyset SQL — text and values the product sends (`pageSql`) — run raw on the pool; a first page is
 * also set against every statement it sends (the page and its total's EXPLAIN and capped count) run
 * raw at once. Product and raw runs alternate, so load on the shared machine falls on both alike.
 */
import type { ListQuery } from '@app/contract/list';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { type Rendered, render } from '../apps/server/src/lib/lists/compiled';
import { cappedCountSql, estimateRows, estimateSql, mustCount } from '../apps/server/src/lib/lists/count';
import type { List } from '../apps/server/src/lib/lists/define';
import { listPage, pageSql, planOf } from '../apps/server/src/lib/lists/engine';
import { scanList } from '../apps/server/src/modules/coupon-scans/coupon-scans.repository';
import {
  invoiceCouponList,
  ofInvoice,
} from '../apps/server/src/modules/coupon-stock/coupon-summary.repository';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const percentile = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * p)]!;
const p95 = (ms: number[]) => percentile(ms, 0.95);

/** p95 of each of the runs, taken in turn (one of each per round); `medians` gets their p50s. */
async function alternate(runs: (() => Promise<unknown>)[], medians: number[] = []) {
  for (const run of runs) await run(); // warm
  const ms = runs.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, run] of runs.entries()) {
      const t0 = performance.now();
      await run();
      ms[k]!.push(performance.now() - t0);
    }
  }
  medians.push(...ms.map((m) => percentile(m, 0.5)));
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
  // The median beside the p95: a page of 1–3 ms is within a GC pause or a scheduler tick of its ceiling.
  console.log(
    'case | product p95 ms | raw page SQL p95 ms | ratio (p50 ratio) | raw page + total statements at once p95 ms, ratio (p50 ratio) | total | total statements alone p95 ms',
  );
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
      const rawQuery = (r: Rendered) => pool.query({ text: r.sql, values: r.params as unknown[] });
      // A first page also sends its total's statements: the EXPLAIN and, unless that estimate is
      // trusted, the capped count. The second ceiling runs those same statements raw, all at once.
      // A deeper page carries its total in the cursor and sends the page alone.
      const first = at === 'first page';
      const where = planOf(c.list, { ...query, scope: c.scope }).where;
      const estimate = first ? await estimateRows(c.list, database.db, where) : undefined;
      const totalSql = estimate
        ? [
            render(estimateSql(c.list, database.db, where)),
            ...(mustCount(estimate) ? [render(cappedCountSql(c.list, database.db, where))] : []),
          ]
        : [];
      const medians: number[] = [];
      const [product, rawMs, sameMs] = await alternate(
        [
          () => listPage(c.list, database.db, query, c.scope),
          () => rawQuery(raw),
          ...(first ? [() => Promise.all([raw, ...totalSql].map(rawQuery))] : []),
        ],
        medians,
      );
      const page = await listPage(c.list, database.db, query, c.scope);
      // The parts of the first page's total, each alone: the planner's estimate, and the capped count when it is needed.
      let parts = 'carried in the cursor';
      if (estimate) {
        const [explainMs, countMs] = await alternate(totalSql.map((r) => () => rawQuery(r)));
        parts = `estimate ${Math.round(estimate.rows)}${estimate.oneTable ? '' : ' (join)'} in ${explainMs!.toFixed(1)}${countMs ? `, counted in ${countMs.toFixed(1)}` : ', trusted'}`;
      }
      const name = `${c.table}: ${c.label}, ${at}`;
      results.push({ name, product: product!, raw: rawMs! });
      const same = sameMs
        ? ` | ${sameMs.toFixed(1)}, ${(product! / sameMs).toFixed(2)}x (${(medians[0]! / medians[2]!).toFixed(2)}x)`
        : ' | as raw';
      console.log(
        `${name} | ${product!.toFixed(1)} | ${rawMs!.toFixed(1)} | ${(product! / rawMs!).toFixed(2)}x (${(medians[0]! / medians[1]!).toFixed(2)}x)${same} | ` +
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
