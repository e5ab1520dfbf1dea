import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { headOf } from './compiled';
import type { List } from './define';

/** Up to this many matching rows the total is exact; above it, the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * An estimate at least this high may be shown without counting. Counting 10,001 rows costs a few
 * ms, several times a keyset page, so the planner is asked first (EXPLAIN, well under a ms). But a
 * total that is really ≤ 10,000 must be exact, and estimates can be far off: through a join (the
 * coupons of one invoice are estimated from the average invoice, easily 1,000 times too many) or
 * for several correlated conditions. So an estimate is trusted only when it reads one table
 * (no join, no subquery) and is 100 times the limit; otherwise the rows are counted, up to 10,001.
 * (A first page with fewer rows than asked for gives its exact total itself: see `listPage`.)
 */
export const TRUSTED_ESTIMATE = 100 * (EXACT_TOTAL_LIMIT + 1);

export interface Total {
  total: number;
  estimated: boolean;
}

/** The planner's row estimate, and whether it reads a single table (the estimates worth trusting). */
export interface Estimate {
  rows: number;
  oneTable: boolean;
}

/** Whether the rows must be counted: an estimate of a join, or below 100 times the limit, or unreadable (NaN). */
export const mustCount = (estimate: Estimate) => !(estimate.oneTable && estimate.rows >= TRUSTED_ESTIMATE);

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

const countingLists = new WeakMap<object, object>();
/** The list as a count reads it: through its `countFrom` when it has one (one object per list, so its head is rendered once). */
export function countingList<Row, Raw>(list: List<Row, Raw>): List<Row, Raw> {
  const { countFrom } = list;
  if (!countFrom) return list;
  let counting = countingLists.get(list);
  if (!counting) {
    counting = { ...list, from: countFrom };
    countingLists.set(list, counting);
  }
  return counting as List<Row, Raw>;
}

/** `select 1 from <the list's joins>`, rendered once per list (or built per call if it cannot be). */
const countHead = <Row, Raw>(listed: List<Row, Raw>, db: Executor, where: SQL | undefined): SQL => {
  const list = countingList(listed);
  const head = headOf(list, db, '#count', { one: sql`1` });
  const whereSql = where ? sql` where ${where}` : sql``;
  return head
    ? sql`${head.sql}${whereSql}`
    : list
        .from(db, { one: sql`1`.as('one') })
        .where(where)
        .getSQL();
};

/** The EXPLAIN that estimates the rows matching `where` (nothing is read). */
export const estimateSql = <Row, Raw>(list: List<Row, Raw>, db: Executor, where: SQL | undefined): SQL =>
  sql`explain (format json) ${countHead(list, db, where)}`;

/** The planner's estimate of the rows matching `where` (EXPLAIN only: nothing is read). */
export async function estimateRows<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
): Promise<Estimate> {
  const result = await db.execute(estimateSql(list, db, where));
  const plan = (result.rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: PlanNode }[] | undefined;
  const top = parsed?.[0]?.Plan;
  return { rows: Number(top?.['Plan Rows']), oneTable: top ? readsOneTable(top) : false };
}

export interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}
/**
 * One table, no join and no subquery in the plan (left joins the count does not need are removed
 * by the planner, so a list's lookups of names do not count as joins).
 */
export function readsOneTable(top: PlanNode): boolean {
  const relations = new Set<string>();
  const walk = (node: PlanNode): boolean => {
    const type = node['Node Type'] ?? '';
    if (/Join|Nested Loop|Append|Subquery|CTE|Function|Values/.test(type)) return false;
    if (node['Parent Relationship'] === 'SubPlan' || node['Parent Relationship'] === 'InitPlan') return false;
    if (node['Relation Name']) relations.add(node['Relation Name']);
    return (node.Plans ?? []).every(walk);
  };
  return walk(top) && relations.size === 1;
}

/** The count of the matching rows up to 10,001 at most: bounded work whatever the table's size. */
export const cappedCountSql = <Row, Raw>(list: List<Row, Raw>, db: Executor, where: SQL | undefined): SQL =>
  sql`select count(*) as n from (${countHead(list, db, where)} limit ${EXACT_TOTAL_LIMIT + 1}) capped`;

/** The matching rows, counted up to 10,001 at most. */
export async function cappedCount<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
): Promise<number> {
  const result = await db.execute(cappedCountSql(list, db, where));
  return Number((result.rows[0] as { n?: unknown } | undefined)?.n ?? 0);
}

/**
 * Whether the last total of each count shape (its SQL text without the values) had to be counted:
 * a join or subquery is never trusted, whatever the values, and a selective filter (one member)
 * stays selective. Such a shape's count starts beside its EXPLAIN instead of after it (the first
 * page of a large invoice: 7 ms of planning off its critical path). A shape not seen yet counts
 * beside too: a wasted count is at most 10,001 rows. Shapes are few per list (one per set of
 * filters used and per length of an id list, such as an invoice's allocations); the map is
 * cleared if they ever pile up.
 */
const countedShapes = new Map<string, boolean>();
const MAX_SHAPES = 1_000;

/**
 * The total of a list's rows: the planner's estimate when it reads one table and is far above
 * 10,000, else the rows counted up to 10,001 (exact up to 10,000; above, the estimate, never below 10,001).
 * `shape` (the where's SQL text without values) lets a shape that always counts count without waiting.
 */
export async function countRows<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
  shape?: string,
): Promise<Total> {
  const counting = shape !== undefined && countedShapes.get(shape) !== false;
  const early = counting ? cappedCount(list, db, where) : undefined;
  // Its rejection is awaited below, or dropped when the estimate alone is trusted.
  early?.catch(() => {});
  const estimate = await estimateRows(list, db, where);
  if (shape !== undefined) {
    if (countedShapes.size >= MAX_SHAPES) countedShapes.clear();
    countedShapes.set(shape, mustCount(estimate));
  }
  if (!mustCount(estimate)) return totalOf(estimate.rows);
  return totalOf(estimate.rows, await (early ?? cappedCount(list, db, where)));
}
