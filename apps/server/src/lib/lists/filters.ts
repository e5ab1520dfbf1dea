import { istDayStart } from '@app/contract/format';
import { MAX_ID } from '@app/contract/input';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../errors';

/**
 * A list filter: the value from the query's filter JSON (never null/undefined/'') and its key,
 * to a condition. A bad value throws `refuse(key, …)`, a 400 naming `filter.<key>`.
 */
export type Filter = (value: unknown, key: string) => SQL | undefined;
type Expr = PgColumn | SQL | SQL.Aliased;

export const refuse = (key: string, message: string) =>
  badRequest(`filter.${key}: ${message}`, { [`filter.${key}`]: message });

/** Text of a filter: strings, or numbers a URL may have turned a string into. */
export function textOf(value: unknown, key: string): string {
  if (typeof value === 'string' && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw refuse(key, 'Use text of at most 200 characters');
}

/** A `%…%` ILIKE pattern of user text, with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Contains the text (case-insensitive) in any of the columns. `normalise` may rewrite it per column. */
export const text =
  (...columns: Expr[]): Filter =>
  (value, key) => {
    const pattern = containsPattern(textOf(value, key).trim());
    return or(...columns.map((c) => sql`${c} ilike ${pattern}`));
  };

/** Exactly this text (a code, a state name). */
export const equals =
  (column: Expr): Filter =>
  (value, key) =>
    sql`${column} = ${textOf(value, key)}`;

/** One of an enum's values. */
export const oneOf =
  (column: Expr, values: readonly string[]): Filter =>
  (value, key) => {
    if (typeof value === 'string' && values.includes(value)) return sql`${column} = ${value}`;
    throw refuse(key, `Use one of: ${values.join(', ')}`);
  };

/**
 * The range of a 4-byte integer column (ids, foreign keys, balances). PostgreSQL refuses a larger
 * parameter with an error (22003), which would be a 500 and an export cut off mid-stream.
 */
export const INT4_RANGE = { min: -2_147_483_648, max: MAX_ID } as const;

/** A positive whole number: a JSON integer or a string of decimal digits only (no `0x10`, `1e3`, ` 5`). */
function positiveOf(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : NaN;
}

/** A record id, from 1 to MAX_ID (the ids' column type): every id filter of every list reads it here. */
export function parseId(value: unknown, key: string): number {
  const n = positiveOf(value);
  if (n <= MAX_ID) return n;
  throw refuse(key, 'Not an id');
}
export const id =
  (column: Expr): Filter =>
  (value, key) =>
    sql`${column} = ${parseId(value, key)}`;

/** A coupon serial: positive, on 8-byte columns, so beyond an id's range. */
export function parseSerial(value: unknown, key: string): number {
  const n = positiveOf(value);
  if (n > 0) return n;
  throw refuse(key, 'Not a serial number');
}

/** JSON true/false or the strings a URL carries. */
export function parseBool(value: unknown, key: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw refuse(key, 'Use true or false');
}
/** A boolean column, or a condition and its negation given by `when`. */
export const bool =
  (column: PgColumn | ((yes: boolean) => SQL)): Filter =>
  (value, key) => {
    const yes = parseBool(value, key);
    return typeof column === 'function' ? column(yes) : sql`${column} = ${yes}`;
  };

/**
 * A whole number: a JSON integer or a string of an optional minus and decimal digits, within
 * `range` (a 4-byte integer's unless given: the column's type, or PostgreSQL answers an error).
 */
export function parseWhole(
  value: unknown,
  key: string,
  range: { min: number; max: number } = INT4_RANGE,
): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d{1,15}$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(n)) throw refuse(key, 'Use a whole number');
  if (n < range.min || n > range.max)
    throw refuse(key, `Use a whole number from ${range.min} to ${range.max}`);
  return n;
}
/** `<min>` and `<max>` filters (inclusive) on a 4-byte integer column: spread into a declaration's filters. */
export const intRange = (column: Expr, keys: { min: string; max: string }): Record<string, Filter> => ({
  [keys.min]: (value, key) => sql`${column} >= ${parseWhole(value, key)}`,
  [keys.max]: (value, key) => sql`${column} <= ${parseWhole(value, key)}`,
});

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant a day filter names: a `yyyy-mm-dd` IST day (its 00:00, or the next day's for an
 * inclusive end), or an exact ISO instant with its zone (kept for pages that send instants).
 */
function instantOf(value: unknown, key: string, endOfDay: boolean): string {
  if (typeof value === 'string') {
    const day = istDayStart(value, endOfDay ? 1 : 0);
    if (day) return day;
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  }
  throw refuse(key, 'Use a date as YYYY-MM-DD');
}

/**
 * `from`/`to` (or the given keys) on a timestamp column: IST days, both inclusive (to an instant
 * `to` is exclusive). Spread into a declaration's filters.
 */
export const istDayRange = (
  column: Expr,
  keys: { from: string; to: string } = { from: 'from', to: 'to' },
): Record<string, Filter> => ({
  [keys.from]: (value, key) => sql`${column} >= ${instantOf(value, key, false)}::timestamptz`,
  [keys.to]: (value, key) => sql`${column} < ${instantOf(value, key, true)}::timestamptz`,
});

/** A calendar day `yyyy-mm-dd` (a real one: 2026-02-31 is refused). */
export function parseDay(value: unknown, key: string): string {
  if (typeof value === 'string' && istDayStart(value)) return value;
  throw refuse(key, 'Use a date as YYYY-MM-DD');
}

/** `from`/`to` days (both inclusive) on a date column (an invoice date, an expiry). */
export const dayRange = (column: Expr, keys: { from: string; to: string }): Record<string, Filter> => ({
  [keys.from]: (value, key) => sql`${column} >= ${parseDay(value, key)}::date`,
  [keys.to]: (value, key) => sql`${column} <= ${parseDay(value, key)}::date`,
});

/** The escape hatch: a filter written by hand (parse its value with the helpers above). */
export const custom = (build: Filter): Filter => build;

/** All conditions of a filter object; only the declaration's OWN keys are filters. */
export function conditionsOf(
  filters: Record<string, Filter>,
  filter: Record<string, unknown>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    const build = Object.hasOwn(filters, key) ? filters[key] : undefined;
    if (typeof build !== 'function') throw refuse(key, 'Unknown filter');
    conditions.push(build(value, key));
  }
  return and(...conditions);
}
