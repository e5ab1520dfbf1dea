import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { Filter } from './filters';

/** How a column is written to a spreadsheet. */
export type ExportFormat = 'text' | 'int' | 'rupees' | 'datetime' | 'date' | 'bool' | 'list';

export type Expr = PgColumn | SQL | SQL.Aliased;

export interface Column {
  sql: Expr;
  /** The export's header; a column without one is on screen only (ids, raw JSON). */
  label?: string;
  format?: ExportFormat;
  /** Width in characters in the export. */
  width?: number;
}

/**
 * One list, declared once: it serves the list route, the xlsx export of the current filter and
 * the report types built on it (lib/lists/engine.ts, routes.ts, report.ts).
 */
export interface ListDeclaration<Row> {
  /** Every field of a row: its SQL and, when exported, label and format. */
  columns: { [K in keyof Row & string]: Column | Expr };
  /** The base query: `db.select(fields).from(…)` with its joins, `.$dynamic()`. */
  from: (db: Executor, fields: Record<string, Expr>) => PgSelect;
  /** A condition every row meets (a page with a fixed status), on top of the filters. */
  where?: SQL;
  filters: Record<string, Filter>;
  /** Sortable keys: NOT NULL columns only, so the keyset is total. */
  sort: Record<string, PgColumn>;
  defaultSort: string;
  /** The unique tie-breaker of the keyset. */
  id: PgColumn;
}

export interface List<Row> extends ListDeclaration<Row> {
  /** Type marker only. */
  readonly __row?: Row;
}

export const columnOf = (c: Column | Expr): Column =>
  typeof c === 'object' && c !== null && 'sql' in c && !('getSQL' in c) ? (c as Column) : { sql: c as Expr };

/** Declares a list; checks at start-up that its default sort is one of its sort keys. */
export function defineList<Row>(declaration: ListDeclaration<Row>): List<Row> {
  if (!Object.hasOwn(declaration.sort, declaration.defaultSort)) {
    throw new Error(`list: default sort ${declaration.defaultSort} is not a sort key`);
  }
  return declaration;
}
