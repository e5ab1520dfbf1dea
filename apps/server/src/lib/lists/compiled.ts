import { Column, is, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { Expr, List } from './define';

/**
 * Rendering a Drizzle query costs ~0.3–1 ms of CPU for a list's select (every chunk is type-checked
 * by walking prototypes), more than PostgreSQL needs for a keyset page. The part of a list's query
 * that never changes — select list, from and joins — is therefore rendered once per list and field
 * set, and a request renders only its own where, order and limit around it.
 */
const dialect = new PgDialect();

export interface Rendered {
  sql: string;
  params: unknown[];
}

export const render = (query: SQL): Rendered => dialect.sqlToQuery(query);

/**
 * A rendered query as SQL again, to splice into a larger one without rendering its chunks twice:
 * text pieces around its parameters. Undefined when its `$n` are not exactly the parameters in
 * order (text that happens to hold a `$1`): the caller then renders the usual way.
 */
export function spliced(rendered: Rendered): SQL | undefined {
  const pieces = rendered.sql.split(/\$(\d+)/);
  // split keeps the captured numbers at odd indexes: text, 1, text, 2, text…
  const numbers = pieces.filter((_, i) => i % 2 === 1).map(Number);
  if (numbers.length !== rendered.params.length || numbers.some((n, i) => n !== i + 1)) return undefined;
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(piece) : sql`${rendered.params[(i - 1) / 2]}`);
  });
  return sql.join(chunks);
}

/** How a selected value comes back from the driver to the row: as Drizzle's own select maps it. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** A SQL's decoder (set by `mapWith`) is not in Drizzle's types; its select reads it the same way. */
const sqlDecoder = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
const decoderOf = (field: Expr): Decoder =>
  is(field, Column) ? field : sqlDecoder(is(field, SQL.Aliased) ? field.sql : (field as SQL));

/** A list's select and from, rendered once: each field aliased by its key, and how to decode it. */
export interface Head {
  sql: SQL;
  /** The rendered text (parameters as `$n`), for digests. */
  text: string;
  decoders: [string, Decoder][];
}

const heads = new WeakMap<object, Map<string, Head | null>>();

/**
 * The head of a list's query for a field set (`key` names it: the sort of the cursor fields), or
 * null when the list's `from` is more than a select from joins (a group by would land after our
 * where): such lists keep Drizzle's own builder.
 */
export function headOf<Row, Raw>(
  list: List<Row, Raw>,
  db: Executor,
  key: string,
  fields: Record<string, Expr>,
): Head | null {
  const byKey = heads.get(list) ?? new Map<string, Head | null>();
  heads.set(list, byKey);
  const cached = byKey.get(key);
  if (cached !== undefined) return cached;
  const aliased = Object.fromEntries(
    Object.entries(fields).map(([k, f]) => [k, sql`${is(f, SQL.Aliased) ? f.sql : f}`.as(k)]),
  );
  const head = list.from(db, aliased).toSQL();
  const probe = list.from(db, aliased).where(sql`true`).orderBy(sql`1`).limit(1).toSQL();
  const expected = `${head.sql} where true order by 1 limit $${head.params.length + 1}`;
  const splicedHead = probe.sql === expected ? spliced(head) : undefined;
  const result = splicedHead
    ? {
        sql: splicedHead,
        text: head.sql,
        decoders: Object.entries(fields).map(([k, f]) => [k, decoderOf(f)] as [string, Decoder]),
      }
    : null;
  byKey.set(key, result);
  return result;
}

/** Rows as the driver returned them (keyed by alias), decoded as Drizzle's select would. */
export function decodeRows<Raw>(head: Head, rows: Record<string, unknown>[]): Raw[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, decoder] of head.decoders) {
      const value = row[key];
      out[key] = value === null || value === undefined ? null : decoder.mapFromDriverValue(value);
    }
    return out as Raw;
  });
}
