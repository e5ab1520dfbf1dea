import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';

/** A counter after one more hit: hits in the window (this one included) and ms until it resets. */
export interface Hit {
  hits: number;
  resetsInMs: number;
}

const MAX_HITS = 2_147_483_647;

/**
 * Counts one hit of `key` in a fixed window of `windowMs`: ONE statement, atomic under any number
 * of concurrent callers on any number of instances. A window that has ended starts again at 1.
 */
export async function hit(db: Executor, key: string, windowMs: number): Promise<Hit> {
  const { rows } = await db.execute(sql`
    insert into ${rateLimits} as r (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then 1 else least(r.hits + 1, ${MAX_HITS}) end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning hits, ceil(extract(epoch from resets_at - now()) * 1000)::int as "resetsInMs"`);
  const row = rows[0] as { hits: number; resetsInMs: number };
  return { hits: Number(row.hits), resetsInMs: Math.max(0, Number(row.resetsInMs)) };
}

/** Deletes counters whose window ended (the daily clean-up); returns how many. */
export async function removeEnded(db: Executor): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetsAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return removed.length;
}
