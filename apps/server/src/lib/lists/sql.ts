import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A timestamptz as ISO-8601 UTC text with microseconds (the pg driver would drop them). */
export const isoText = (col: PgColumn | SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
