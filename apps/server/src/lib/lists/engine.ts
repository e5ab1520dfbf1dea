import { createHash } from 'node:crypto';
import type { ListQuery, ListResult } from '@app/contract/list';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { badRequest } from '../errors';
import { decodeRows, headOf, render, spliced } from './compiled';
import { countingList, countRows } from './count';
import { columnOf, type Expr, type List } from './define';
import { conditionsOf } from './filters';

/** What to read: the filter, sort and order of a list query, and an optional scope on top. */
export interface Selection {
  filter: Record<string, unknown>;
  sort?: string;
  order: 'ASC' | 'DESC';
  /** A condition the caller adds (the member of a member's ledger, a report's date range). */
  scope?: SQL;
}

interface Cursor {
  sort: string;
  order: 'ASC' | 'DESC';
  value: string;
  id: string;
  /** The total the first page counted, and the selection it counted (a digest of its SQL). */
  total?: { n: number; estimated: boolean; of: string };
}
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
const invalidCursor = () => badRequest('cursor: not a cursor this list issued', { cursor: 'Invalid cursor' });

/**
 * Decodes a cursor and checks each keyset value against the type of the column it is compared
 * with: a value the column's type cannot hold (a forged or mangled cursor) is a 400 naming
 * `cursor`, never a failed cast in the database.
 */
function decode(raw: string, plan: { sortKey: string; order: string; sortColumn: PgColumn; id: PgColumn }) {
  let c: Partial<Cursor> | null = null;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {}
  if (!c || typeof c !== 'object' || typeof c.value !== 'string' || typeof c.id !== 'string')
    throw invalidCursor();
  if (c.sort !== plan.sortKey || c.order !== plan.order)
    throw badRequest('cursor: belongs to another sort order', { cursor: 'Stale cursor' });
  if (!holds(plan.sortColumn, c.value) || !holds(plan.id, c.id)) throw invalidCursor();
  const t = c.total;
  // A total this engine did not write (a hand-made cursor) is ignored: the page counts again.
  const wellFormed =
    t &&
    Number.isSafeInteger(t.n) &&
    t.n >= 0 &&
    typeof t.estimated === 'boolean' &&
    typeof t.of === 'string';
  return { ...(c as Cursor), total: wellFormed ? t : undefined };
}

/** The exclusive upper bound of each integer type: a value must lie in [-bound, bound). */
const INTEGER_BOUND: Record<string, bigint> = {
  smallint: 2n ** 15n,
  smallserial: 2n ** 15n,
  integer: 2n ** 31n,
  serial: 2n ** 31n,
  bigint: 2n ** 63n,
  bigserial: 2n ** 63n,
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** A real calendar day (PostgreSQL refuses 2026-02-30), within PostgreSQL's years. */
function isDay(y: string, m: string, d: string): boolean {
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  if (year < 1 || year > 294_276 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

const DATE = /^(\d{4,6})-(\d{2})-(\d{2})$/;
// What `timestamptz::text` writes (DateStyle ISO), in any session time zone.
const TIMESTAMP =
  /^(\d{4,6})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}(:?\d{2})?)?)?$/;

/** Whether `value` (a cursor's text) casts to the column's type: the values this engine writes do. */
function holds(column: PgColumn, value: string): boolean {
  if (value.includes('\0')) return false;
  const type = column.getSQLType();
  const bound = INTEGER_BOUND[type];
  if (bound !== undefined) {
    if (!/^-?\d{1,20}$/.test(value)) return false;
    const n = BigInt(value);
    return n >= -bound && n < bound;
  }
  if (type === 'date') {
    const m = DATE.exec(value);
    return m !== null && isDay(m[1]!, m[2]!, m[3]!);
  }
  if (type.startsWith('timestamp')) {
    const m = TIMESTAMP.exec(value);
    return (
      m !== null && isDay(m[1]!, m[2]!, m[3]!) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60
    );
  }
  if (/^(numeric|decimal)/.test(type)) return /^-?\d{1,100}(\.\d{1,100})?$/.test(value);
  if (type === 'real' || type === 'double precision') return /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value);
  if (type === 'boolean') return value === 'true' || value === 'false';
  if (type === 'uuid') return /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value);
  if (/^(text|varchar|character varying|char|character)\b/.test(type)) return true;
  // An enum: one of its labels.
  const labels = (column as { enumValues?: readonly string[] }).enumValues;
  if (column.columnType === 'PgEnumColumn' && labels) return labels.includes(value);
  throw new Error(`lists: no cursor check for a sort column of type ${type}`);
}

/** The type to cast a cursor value to: serial pseudo-types are not castable, their integers are. */
const castType = (column: PgColumn) =>
  sql.raw(
    ({ bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' } as Record<string, string>)[
      column.getSQLType()
    ] ?? column.getSQLType(),
  );

/** The list's selected fields, by key. */
/** A list's selected fields (every column's SQL): for reading one row as the list reads it. */
export const fieldsOf = <Row, Raw>(list: List<Row, Raw>): Record<string, Expr> =>
  Object.fromEntries(Object.entries(list.columns).map(([key, c]) => [key, columnOf(c as Expr).sql]));

/** A list's query plan for one selection: where, order, the keyset after a cursor, the fields. */
export function planOf<Row, Raw>(list: List<Row, Raw>, selection: Selection) {
  const sortKey = selection.sort ?? list.defaultSort;
  const sortColumn = Object.hasOwn(list.sort, sortKey) ? list.sort[sortKey] : undefined;
  if (!sortColumn) throw badRequest(`sort: cannot sort by ${sortKey}`, { sort: `Cannot sort by ${sortKey}` });
  const where = and(list.where, selection.scope, conditionsOf(list.filters, selection.filter));
  // The declared default order applies with the default sort only: the contract defaults `order` to DESC.
  const order = selection.sort === undefined ? (list.defaultOrder ?? selection.order) : selection.order;
  const asc = order === 'ASC';
  const fields = fieldsOf(list);
  // Cursor values travel as text: timestamps keep their microseconds, which the pg driver would drop.
  fields.__sortValue = sql<string>`(${sortColumn})::text`;
  fields.__id = sql<string>`(${list.id})::text`;
  const after = (c: { value: string; id: string }) =>
    sql`(${sortColumn}, ${list.id}) ${asc ? sql`>` : sql`<`} (cast(${c.value} as ${castType(sortColumn)}), cast(${c.id} as ${castType(list.id)}))`;
  const dir = asc ? sql`asc` : sql`desc`;
  return {
    sortKey,
    sortColumn,
    order,
    where,
    after,
    fields,
    orderBy: [sql`${sortColumn} ${dir}`, sql`${list.id} ${dir}`] as const,
  };
}

/** Checks a page request's filter, sort and cursor: bad input answers 400 before anything is read. */
export function checkListQuery<Row, Raw>(list: List<Row, Raw>, query: ListQuery): void {
  const plan = planOf(list, query);
  if (query.cursor) decode(query.cursor, { ...plan, id: list.id });
}

type CursorFields = { __sortValue?: string; __id?: string };
/** The rows without their cursor fields, shaped by the list's `map` when it has one. */
function rowsOf<Row, Raw>(list: List<Row, Raw>, rows: (Raw & CursorFields)[]): Row[] {
  for (const r of rows) {
    delete r.__sortValue;
    delete r.__id;
  }
  return list.map ? rows.map(list.map) : (rows as unknown as Row[]);
}

type Plan = ReturnType<typeof planOf>;

/**
 * One page's query: the list's head rendered once (compiled.ts) with this request's where, order,
 * limit and offset; or Drizzle's builder for a list whose head cannot be reused.
 */
function pageRead<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  plan: Plan,
  where: SQL | undefined,
  limit: number,
  offset: number,
) {
  const head = headOf(list, db, `#page:${plan.sortKey}`, plan.fields);
  if (!head) {
    const builder = list
      .from(db, plan.fields)
      .where(where)
      .orderBy(...plan.orderBy)
      .limit(limit)
      .offset(offset);
    return { sql: builder.getSQL(), run: () => builder as Promise<(Raw & CursorFields)[]> };
  }
  const query = sql`${head.sql}${where ? sql` where ${where}` : sql``} order by ${sql.join([...plan.orderBy], sql`, `)} limit ${limit}${offset ? sql` offset ${offset}` : sql``}`;
  return {
    sql: query,
    run: async () =>
      decodeRows<Raw & CursorFields>(head, (await db.execute(query)).rows as Record<string, unknown>[]),
  };
}

/** What a page request reads: its plan, cursor, where (rendered once) and the page query. */
function pageOf<Row, Raw>(list: List<Row, Raw>, db: Executor, query: ListQuery, scope?: SQL) {
  const plan = planOf(list, { ...query, scope });
  const cursor = query.cursor ? decode(query.cursor, { ...plan, id: list.id }) : undefined;
  const rendered = plan.where ? render(plan.where) : undefined;
  const where = rendered ? (spliced(rendered) ?? plan.where) : undefined;
  const keyset = cursor ? plan.after(cursor) : undefined;
  // Parenthesised: a filter's own SQL may be an unbracketed `a or b`.
  const pageWhere = where && keyset ? sql`(${where}) and ${keyset}` : (where ?? keyset);
  const offset = query.cursor ? 0 : (query.page - 1) * query.perPage;
  const page = pageRead(list, db, plan, pageWhere, query.perPage + 1, offset);
  // The selection a total belongs to: the list's joins and the where with its values.
  const counting = countingList(list);
  const countHead = headOf(counting, db, '#count', { one: sql`1` });
  const selection = countHead
    ? `${countHead.text}\n${rendered?.sql ?? ''}\n${JSON.stringify(rendered?.params ?? [])}`
    : JSON.stringify(counting.from(db, { one: sql`1` }).where(plan.where).toSQL());
  const digest = createHash('sha256').update(selection).digest('base64url').slice(0, 16);
  // The same selection without its values: how the count of such a selection went last time.
  const shape = countHead ? `${countHead.text}\n${rendered?.sql ?? ''}` : undefined;
  return { plan, cursor, where, offset, page, digest, shape };
}

/** The SQL one page of a list sends, as text and values (the benchmark runs it raw as the ceiling). */
export const pageSql = <Row, Raw>(list: List<Row, Raw>, db: Executor, query: ListQuery, scope?: SQL) =>
  render(pageOf(list, db, query, scope).page.sql);

/**
 * One page of a list: after the cursor (keyset, no OFFSET) or at (page-1)·perPage, with the
 * total (exact up to 10,000, estimated above) and the cursor of the next page.
 */
export async function listPage<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  query: ListQuery,
  scope?: SQL,
  /** Where the total is counted (the read replica, when there is one). */
  countDb: Executor = db,
): Promise<ListResult<Row>> {
  const { plan, cursor, where, offset, page, digest, shape } = pageOf(list, db, query, scope);
  // The next pages reuse the first page's total, for the same selection only: counting on every
  // page would cost more than the page itself.
  const carried = cursor?.total?.of === digest ? cursor.total : undefined;
  // The page is sent first; the count (on another connection of the pool) is built while it runs.
  const rowsRead = page.run();
  const counting = carried
    ? { total: carried.n, estimated: carried.estimated }
    : countRows(list, countDb, where, shape);
  const [rows, counted] = await Promise.all([rowsRead, counting]);
  const hasMore = rows.length > query.perPage;
  // A page by number that ends short shows the exact total itself, whatever the planner thought.
  const { total, estimated } =
    !cursor && !hasMore && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, estimated: false }
      : counted;
  const pageRows = rows.slice(0, query.perPage);
  const last = pageRows.at(-1);
  const nextCursor =
    hasMore && last
      ? encode({
          sort: plan.sortKey,
          order: plan.order,
          value: last.__sortValue!,
          id: last.__id!,
          total: { n: total, estimated, of: digest },
        })
      : null;
  return { rows: rowsOf(list, pageRows), total, nextCursor, ...(estimated ? { totalIsEstimate: true } : {}) };
}

/** One row of the list by its id (a record's detail shows what its list row shows), or undefined. */
export async function listRow<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  id: number,
): Promise<Row | undefined> {
  const [row] = (await list
    .from(db, fieldsOf(list))
    .where(and(list.where, eq(list.id, id)))
    .limit(1)) as Raw[];
  if (row === undefined) return undefined;
  return list.map ? list.map(row) : (row as unknown as Row);
}

/**
 * Every row of a selection, `batchSize` at a time along the keyset: each batch starts after the
 * last row of the previous one, so memory stays one batch and no transaction is held between them.
 */
export async function* listBatches<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  selection: Selection,
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  const plan = planOf(list, selection);
  let after: { value: string; id: string } | undefined;
  while (true) {
    const rows = (await list
      .from(db, plan.fields)
      .where(and(plan.where, after ? plan.after(after) : undefined))
      .orderBy(...plan.orderBy)
      .limit(batchSize)) as (Raw & CursorFields)[];
    const last = rows.at(-1);
    if (!last) return;
    after = { value: last.__sortValue!, id: last.__id! };
    yield rowsOf(list, rows);
    if (rows.length < batchSize) return;
  }
}
