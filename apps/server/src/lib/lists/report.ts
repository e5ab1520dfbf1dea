import type { ReportColumn } from '@app/contract/reports';
import { and, count, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ReportRow, SheetColumn } from '../xlsx-writer';
import { type Column, columnOf, type Expr, type List } from './define';
import { listBatches } from './engine';
import { cellOf, exportColumns } from './export';

/** The instants a report covers: from inclusive, to exclusive (ISO strings). */
export interface ReportRange {
  from: string;
  to: string;
}

/** Where a report's rows come from: one per catalogue entry, contributed by the module that owns the rows. */
export interface ReportSource {
  /** The catalogue's columns, each with the format its cells are written in. */
  columns: readonly SheetColumn[];
  /** The rows in range, oldest first, at most `batchSize` at a time, as cells. */
  batches(db: Executor, range: ReportRange, batchSize: number): AsyncIterable<ReportRow[]>;
  /** How many rows `batches` will yield (for progress). */
  count(db: Executor, range: ReportRange): Promise<number>;
}

/**
 * A report type served by a list declaration: its rows in a date range, walked along the list's
 * keyset sorted by `dateKey` (a sort key of the list) ascending. Its columns are the list's own
 * export columns (label, width and format declared once, with the list), but those marked
 * `report: false`: a column added to the list is in its export and its report. Only a source that
 * computes its own rows (not a list) names its columns in the catalogue.
 */
export function reportOf<Row, Raw>(list: List<Row, Raw>, dateKey: string): ReportSource {
  const columns = reportColumnsOf(list);
  const date = list.sort[dateKey];
  if (!date) throw new Error(`report: ${dateKey} is not a sort key of the list`);
  const formats = columns.map((c) => {
    const declared = (list.columns as Record<string, Column | Expr>)[c.key];
    const computed = list.computed?.[c.key];
    const cell = computed
      ? (row: Row) => computed.cell(row)
      : (row: Row) => (row as Record<string, unknown>)[c.key];
    return { key: c.key, cell, format: (declared ? columnOf(declared).format : computed?.format) ?? 'text' };
  });
  const inRange = (range: ReportRange) =>
    and(gte(date, sql`${range.from}::timestamptz`), lt(date, sql`${range.to}::timestamptz`));
  return {
    columns: columns.map((c, i) => ({ ...c, format: formats[i]!.format })),
    async *batches(db, range, batchSize) {
      const selection = { filter: {}, sort: dateKey, order: 'ASC' as const, scope: inRange(range) };
      for await (const batch of listBatches(list, db, selection, batchSize)) {
        yield batch.map((row) => {
          const cells: ReportRow = {};
          for (const f of formats) cells[f.key] = cellOf(f.cell(row), f.format);
          return cells;
        });
      }
    },
    async count(db, range) {
      const [row] = (await list.from(db, { n: count() }).where(and(list.where, inRange(range)))) as {
        n: number | string;
      }[];
      return Number(row?.n ?? 0);
    },
  };
}

/** The report columns of a list: its export columns in declaration order, but those marked `report: false`. */
export const reportColumnsOf = <Row, Raw>(list: List<Row, Raw>): ReportColumn[] =>
  exportColumns(list)
    .filter((c) => c.report !== false)
    .map((c) => ({ header: c.label, key: c.key, ...(c.width === undefined ? {} : { width: c.width }) }));
