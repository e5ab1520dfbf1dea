import type { ListQuery, ListResult } from '@app/contract/list';
import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';

/**
 * What a list endpoint declares: its sortable columns (NOT NULL columns only, so the keyset is
 * total), its unique tie-breaker, and how each filter key becomes a condition.
 */
export interface ListSpec {
  sortable: Record<string, PgColumn>;
  defaultSort: string;
  id: PgColumn;
  filters: Record<string, (value: unknown) => SQL | undefined>;
}

interface Cursor {
  sort: string;
  order: 'ASC' | 'DESC';
  value: string;
  id: string;
}

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(raw: string): Cursor {
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw badRequest('cursor: not a cursor this list issued', { cursor: 'Invalid cursor' });
  }
}

/** The conditions of the query's filters; unknown filter keys are refused, naming the key. */
export function filterConditions(spec: ListSpec, query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  for (const [key, value] of Object.entries(query.filter)) {
    if (value === undefined || value === null || value === '') continue;
    const build = spec.filters[key];
    if (!build) throw badRequest(`filter.${key}: unknown filter`, { [`filter.${key}`]: 'Unknown filter' });
    conditions.push(build(value));
  }
  return and(...conditions);
}

/** The type to cast a cursor value to: serial pseudo-types are not castable, their integers are. */
const castType = (column: PgColumn) =>
  ({ bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' })[column.getSQLType()] ??
  column.getSQLType();

type CursorColumns = { __sortValue: SQL<string>; __id: SQL<string> };

export interface ListSource {
  /** The rows' select (joins included) with the cursor columns added; runList adds where/order/limit. */
  select(cursorColumns: CursorColumns): PgSelect;
  /** The same from/joins selecting `{ n: count() }`. */
  count(): PgSelect;
}

/**
 * Runs a list query. With a cursor the page starts after it (keyset, no OFFSET); without, at
 * (page-1)·perPage. Cursor values travel as text: timestamps keep their microseconds, which the pg
 * driver would drop.
 */
export async function runList<Row>(
  spec: ListSpec,
  query: ListQuery,
  source: ListSource,
): Promise<ListResult<Row>> {
  const sortKey = query.sort ?? spec.defaultSort;
  const sortColumn = spec.sortable[sortKey];
  if (!sortColumn) throw badRequest(`sort: cannot sort by ${sortKey}`, { sort: `Cannot sort by ${sortKey}` });
  const where = filterConditions(spec, query);
  const dir = query.order === 'ASC' ? sql`asc` : sql`desc`;

  let keyset: SQL | undefined;
  if (query.cursor) {
    const c = decode(query.cursor);
    if (c.sort !== sortKey || c.order !== query.order) {
      throw badRequest('cursor: belongs to another sort order', { cursor: 'Stale cursor' });
    }
    const cmp = query.order === 'ASC' ? sql`>` : sql`<`;
    const type = sql.raw(castType(sortColumn));
    const idType = sql.raw(castType(spec.id));
    keyset = sql`(${sortColumn}, ${spec.id}) ${cmp} (cast(${c.value} as ${type}), cast(${c.id} as ${idType}))`;
  }

  const cursorColumns = {
    __sortValue: sql<string>`(${sortColumn})::text`,
    __id: sql<string>`(${spec.id})::text`,
  };
  const rows = (await source
    .select(cursorColumns)
    .where(and(where, keyset))
    .orderBy(sql`${sortColumn} ${dir}`, sql`${spec.id} ${dir}`)
    .limit(query.perPage + 1)
    .offset(query.cursor ? 0 : (query.page - 1) * query.perPage)) as (Row &
    Partial<Record<keyof CursorColumns, string>>)[];
  const [totalRow] = (await source.count().where(where)) as { n: number | string }[];

  const hasMore = rows.length > query.perPage;
  const pageRows = rows.slice(0, query.perPage);
  const last = pageRows.at(-1);
  const nextCursor =
    hasMore && last
      ? encode({ sort: sortKey, order: query.order, value: last.__sortValue!, id: last.__id! })
      : null;
  for (const r of pageRows) {
    delete r.__sortValue;
    delete r.__id;
  }
  return { rows: pageRows, total: Number(totalRow?.n ?? 0), nextCursor };
}
