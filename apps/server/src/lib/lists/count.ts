import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { List } from './define';

/** Up to this many matching rows the total is exact; above it, the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * The total of a list's rows: counting stops after 10,001 rows (bounded work whatever the
 * table's size); past that, EXPLAIN's row estimate of the same query, never below 10,001.
 */
export async function countRows<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  where: SQL | undefined,
): Promise<{ total: number; estimated: boolean }> {
  const base = list.from(db, { one: sql<number>`1`.as('one') }).where(where);
  const capped = base.limit(EXACT_TOTAL_LIMIT + 1).as('capped');
  const [row] = (await db.select({ n: sql<string>`count(*)` }).from(capped)) as { n: string | number }[];
  const exact = Number(row?.n ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, estimated: false };
  const uncapped = list.from(db, { one: sql<number>`1`.as('one') }).where(where);
  const result = await db.execute(sql`explain (format json) ${uncapped.getSQL()}`);
  const plan = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  const estimate = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, EXACT_TOTAL_LIMIT + 1), estimated: true };
}
