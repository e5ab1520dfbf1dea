import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { headOf } from './compiled';
import type { List } from './define';

/** Up to this many matching rows the total is exact; above it, the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * An estimate at least this high is shown without counting. Counting 10,001 rows costs a few ms,
 * several times a keyset page, so the planner is asked first (EXPLAIN, well under a ms); but its
 * estimate of several conditions at once can be off by an order of magnitude or more, and a total
 * that is really ≤ 10,000 must be exact — so only an estimate 100 times the limit is trusted.
 * Below it the rows are counted, up to 10,001. (A first page with fewer rows than asked for gives
 * its exact total itself, whatever the estimate: see `listPage`.)
 */
export const TRUSTED_ESTIMATE = 100 * (EXACT_TOTAL_LIMIT + 1);

export interface Total {
  total: number;
  estimated: boolean;
}

/** Whether an estimate is too low to be trusted without counting (NaN, from a plan we cannot read, is). */
export const mustCount = (estimate: number) => !(estimate >= TRUSTED_ESTIMATE);

/**
 * The total from the planner's estimate and, when rows were counted, the capped count (at most
 * 10,001): exact up to 10,000; above, the estimate, never below 10,001 — an estimate that said
 * fewer rows than the count found was wrong, and all we know is "more than 10,000".
 */
export function totalOf(estimate: number, counted?: number): Total {
  if (counted !== undefined && counted <= EXACT_TOTAL_LIMIT) return { total: counted, estimated: false };
  const rounded = Number.isFinite(estimate) ? Math.round(estimate) : 0;
  return { total: Math.max(rounded, EXACT_TOTAL_LIMIT + 1), estimated: true };
}

/** `select 1 from <the list's joins>`, rendered once per list (or built per call if it cannot be). */
const countHead = <Row, Raw>(list: List<Row, Raw>, db: Executor, where: SQL | undefined): SQL => {
  const head = headOf(list, db, '#count', { one: sql`1` });
  const whereSql = where ? sql` where ${where}` : sql``;
  return head
    ? sql`${head.sql}${whereSql}`
    : list
        .from(db, { one: sql`1`.as('one') })
        .where(where)
        .getSQL();
};

/** The planner's estimate of the rows matching `where` (EXPLAIN only: nothing is read). */
export async function estimateRows<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${countHead(list, db, where)}`);
  const plan = (result.rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    | { Plan?: { 'Plan Rows'?: number } }[]
    | undefined;
  return Number(parsed?.[0]?.Plan?.['Plan Rows']);
}

/** The matching rows, counted up to 10,001 at most: bounded work whatever the table's size. */
export async function cappedCount<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
): Promise<number> {
  const capped = sql`select count(*) as n from (${countHead(list, db, where)} limit ${EXACT_TOTAL_LIMIT + 1}) capped`;
  const result = await db.execute(capped);
  return Number((result.rows[0] as { n?: unknown } | undefined)?.n ?? 0);
}

/**
 * The total of a list's rows: the planner's estimate when it is far above 10,000, else the rows
 * counted up to 10,001 (exact up to 10,000; above, the estimate, never below 10,001).
 */
export async function countRows<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
): Promise<Total> {
  const estimate = await estimateRows(list, db, where);
  if (!mustCount(estimate)) return totalOf(estimate);
  return totalOf(estimate, await cappedCount(list, db, where));
}
