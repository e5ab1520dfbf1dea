import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { ExportFormat } from '../xlsx-writer';
import type { Filter } from './filters';

/** How a column is written to a spreadsheet (the writer's one set of formats). */
export type { ExportFormat } from '../xlsx-writer';

export type Expr = PgColumn | SQL | SQL.Aliased;

export interface Column {
  sql: Expr;
  /** The export's header; a column without one is on screen only (ids, raw JSON). */
  label?: string;
  format?: ExportFormat;
  /** Width in characters in the export. */
  width?: number;
  /** `false`: in the export of the list only, not in the report types built on it (lib/lists/report.ts). */
  report?: false;
}

/**
 * One list, declared once: it serves the list route, the xlsx export of the current filter and
 * the report types built on it (lib/lists/engine.ts, routes.ts, report.ts).
 */
/** A spreadsheet column computed from the row (nested values such as counts by state). */
export interface ComputedColumn<Row> {
  label: string;
  format?: ExportFormat;
  width?: number;
  /** As a labelled column's `report`. */
  report?: false;
  cell: (row: Row) => unknown;
}

export interface ListDeclaration<Row, Raw = Row> {
  /** Every selected field: its SQL and, when exported, label and format. */
  columns: { [K in keyof Raw & string]: Column | Expr };
  /** Shapes a selected row into the row the route answers (rare: nested values). */
  map?: (raw: Raw) => Row;
  /** Export columns computed from the shaped row, after the labelled columns. */
  computed?: Record<string, ComputedColumn<Row>>;
  /** The base query: `db.select(fields).from(…)` with its joins, `.$dynamic()`. */
  from: (db: Executor, fields: Record<string, Expr>) => PgSelect;
  /**
   * A lighter base query for counting, when `from` has inner joins that cannot change the row
   * count (one-to-one by foreign key): the same rows, joining only what `where`, the filters and
   * scopes read. PostgreSQL removes unneeded left joins by itself, never inner ones.
   */
  countFrom?: (db: Executor, fields: Record<string, Expr>) => PgSelect;
  /** A condition every row meets (a page with a fixed status), on top of the filters. */
  where?: SQL;
  filters: Record<string, Filter>;
  /** Sortable keys: NOT NULL columns only, so the keyset is total. */
  sort: Record<string, PgColumn>;
  defaultSort: string;
  /** The order of the default sort (a queue reads oldest first); DESC when not given. */
  defaultOrder?: 'ASC' | 'DESC';
  /** The unique tie-breaker of the keyset. */
  id: PgColumn;
}

export interface List<Row, Raw = Row> extends ListDeclaration<Row, Raw> {
  /** Type marker only. */
  readonly __row?: Row;
}

export const columnOf = (c: Column | Expr): Column =>
  typeof c === 'object' && c !== null && 'sql' in c && !('getSQL' in c) ? (c as Column) : { sql: c as Expr };

/** Declares a list; checks at start-up that its default sort is one of its sort keys. */
export function defineList<Row, Raw = Row>(declaration: ListDeclaration<Row, Raw>): List<Row, Raw> {
  if (!Object.hasOwn(declaration.sort, declaration.defaultSort)) {
    throw new Error(`list: default sort ${declaration.defaultSort} is not a sort key`);
  }
  return declaration;
}
