import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** Turns positional SQL (`$1`, `$2`…) into a drizzle SQL object so it can run on a transaction. */
export function positional(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/g);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
  );
}

/** A pg-boss `db` adapter over a drizzle executor: lets `send` join the caller's transaction. */
export const executorAsSql = (tx: Executor) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const result = await tx.execute(positional(text, values));
    return { rows: result.rows as Record<string, unknown>[] };
  },
});

/**
 * Whole numbers as one PostgreSQL array parameter (`= any(${intArray(ids)})`), so a set-based
 * statement sends one parameter however many rows it names. Null entries stay NULL.
 */
export function intArray(values: readonly (number | null)[], type: 'int' | 'bigint' = 'bigint'): SQL {
  for (const v of values)
    if (v !== null && !Number.isSafeInteger(v)) throw new TypeError(`Not a whole number: ${v}`);
  const literal = `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}

/** Strings as one PostgreSQL `text[]` parameter (each element quoted, so commas and braces are data). */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}
