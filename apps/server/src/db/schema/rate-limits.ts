import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every instance (lib/rate-limits): one row per limited
 * key (a route and client address, a business function and member), its hits in the current
 * window and when that window ends. A counter past its window starts again at its next hit; the
 * daily clean-up deletes the ones nobody hit since.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);
