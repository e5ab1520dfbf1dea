import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';

/** A `%…%` ILIKE pattern of user text, with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (v: unknown): string => `%${String(v).replace(/[\\%_]/g, '\\$&')}%`;

/** A timestamptz as ISO-8601 UTC text with microseconds (the pg driver would drop them). */
export const isoText = (col: PgColumn) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A boolean list filter: JSON true/false or the strings a URL carries. */
export function booleanFilter(key: string, v: unknown): boolean {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw badRequest(`filter.${key}: use true or false`, { [`filter.${key}`]: 'Use true or false' });
}

/** A numeric id list filter. */
export function idFilter(key: string, v: unknown): number {
  const n = Number(v);
  if (Number.isSafeInteger(n) && n > 0) return n;
  throw badRequest(`filter.${key}: not an id`, { [`filter.${key}`]: 'Not an id' });
}
