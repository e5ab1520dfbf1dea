import { and, count, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { ReportRow } from './xlsx-writer';

/** The instants a report covers: from inclusive, to exclusive (ISO strings). */
export interface ReportRange {
  from: string;
  to: string;
}

/** Where a report's rows come from: one per catalogue entry (report-sources.ts). */
export interface ReportSource {
  /** The rows in range, oldest first, at most `batchSize` at a time. */
  batches(db: Executor, range: ReportRange, batchSize: number): AsyncIterable<ReportRow[]>;
  /** How many rows `batches` will yield (for progress). */
  count(db: Executor, range: ReportRange): Promise<number>;
}

/** Asia/Kolkata has no daylight saving: a calendar day there starts at 00:00+05:30, always. */
const IST_OFFSET = '+05:30';
const DAY_MS = 86_400_000;

/** The report range of the request's dates: start 00:00 IST to the day after end, 00:00 IST. */
export function rangeOfDays(startDate: string, endDate: string): ReportRange {
  const from = new Date(`${startDate}T00:00:00${IST_OFFSET}`);
  const to = new Date(new Date(`${endDate}T00:00:00${IST_OFFSET}`).getTime() + DAY_MS);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** A timestamp as the sheet shows it: Asia/Kolkata wall time, sortable text. */
export const istText = (column: PgColumn | SQL) =>
  sql<string | null>`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS')`;

type CursorColumns = { __date: SQL<string>; __id: SQL<string> };

export interface KeysetSpec {
  /** The NOT NULL timestamp the range filters on. */
  date: PgColumn;
  /** Unique tie-breaker. */
  id: PgColumn;
  /** The row's select (joins included) with the cursor columns added; the source adds where/order/limit. */
  select(db: Executor, cursor: CursorColumns): PgSelect;
  /** The same from/joins selecting `{ n: count() }`. */
  count(db: Executor): PgSelect;
}

/** `count()` for a spec's count select. */
export const countColumn = () => ({ n: count() });

/**
 * A source that walks (date, id) by keyset: each batch starts after the last row of the previous
 * one, so no batch re-reads earlier rows and no transaction is held between batches. The cursor
 * travels as text: the pg driver would drop a timestamp's microseconds.
 */
export function keysetSource(spec: KeysetSpec): ReportSource {
  const inRange = (range: ReportRange) =>
    and(gte(spec.date, sql`${range.from}::timestamptz`), lt(spec.date, sql`${range.to}::timestamptz`));
  // A serial column's SQL type names no castable type: its storage type does.
  const idType = sql.raw(
    spec.id
      .getSQLType()
      .replace(/^bigserial$/, 'bigint')
      .replace(/^serial$/, 'integer'),
  );
  return {
    async *batches(db, range, batchSize) {
      let after: { date: string; id: string } | null = null;
      while (true) {
        const keyset: SQL | undefined = after
          ? sql`(${spec.date}, ${spec.id}) > (${after.date}::timestamptz, cast(${after.id} as ${idType}))`
          : undefined;
        const rows = (await spec
          .select(db, { __date: sql<string>`(${spec.date})::text`, __id: sql<string>`(${spec.id})::text` })
          .where(and(inRange(range), keyset))
          .orderBy(spec.date, spec.id)
          .limit(batchSize)) as (ReportRow & { __date?: string; __id?: string })[];
        const last = rows.at(-1);
        if (!last) return;
        after = { date: last.__date!, id: last.__id! };
        for (const row of rows) {
          delete row.__date;
          delete row.__id;
        }
        yield rows;
        if (rows.length < batchSize) return;
      }
    },
    async count(db, range) {
      const [row] = (await spec.count(db).where(inRange(range))) as { n: number | string }[];
      return Number(row?.n ?? 0);
    },
  };
}
