import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { DashboardRange } from './provider';

type DaySource = { table: PgTable; at: PgColumn; where?: SQL };

/** Rows of `table` per IST calendar day of the range (zero-filled), optionally only those matching `where`. */
export const countPerDay = (db: Executor, range: DashboardRange, source: DaySource & { id: PgColumn }) =>
  perDay(db, range, source, sql`count(${source.id})`);

/** The sum of `value` over the rows of each IST calendar day of the range (zero-filled). */
export const sumPerDay = (db: Executor, range: DashboardRange, source: DaySource & { value: SQL }) =>
  perDay(db, range, source, sql`coalesce(sum(${source.value}), 0)`);

async function perDay(
  db: Executor,
  range: DashboardRange,
  source: DaySource,
  measure: SQL,
): Promise<{ date: string; value: number }[]> {
  const result = await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as date, (${measure})::bigint as value
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
