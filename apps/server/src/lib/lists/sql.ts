import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamptz as the API's one timestamp form: ISO-8601 UTC with milliseconds, exactly what
 * `Date.toISOString()` writes for the timestamps the pg driver reads (`2026-11-23T13:00:32.481Z`);
 * null stays null. Keysets never compare these: the list engine carries its own text of the value.
 */
export const isoText = (col: PgColumn | SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
