import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { DashboardRange } from './dashboard.range';

/** Rows of `table` per IST calendar day of the range (zero-filled), optionally only those matching `where`. */
export async function countPerDay(
  db: Executor,
  range: DashboardRange,
  source: { table: PgTable; id: PgColumn; at: PgColumn; where?: SQL },
): Promise<{ date: string; value: number }[]> {
  const result = await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as date, count(${source.id})::int as value
    from generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') as d
    left join ${source.table}
      on ${source.at} >= (d at time zone 'Asia/Kolkata')
     and ${source.at} < ((d + interval '1 day') at time zone 'Asia/Kolkata')
     and ${source.where ?? sql`true`}
    group by d
    order by d`);
  return (result.rows as { date: string; value: number }[]).map((r) => ({
    date: r.date,
    value: Number(r.value),
  }));
}

/** `column` within the range's [start, end). */
export const inRange = (column: PgColumn, range: DashboardRange) =>
  sql`${column} >= ${range.start}::timestamptz and ${column} < ${range.end}::timestamptz`;

/** `count(*) filter (where …)` as a number. */
export const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
