import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tasks } from '../db/schema/tasks';

/**
 * A crashed process leaves its tasks "running" and their pg-boss jobs active until the queue's
 * expiry (15 minutes). Instead, every instance stamps the tasks it runs; a task whose stamp has gone
 * stale belongs to a dead instance and is queued again, to resume where it stopped.
 */
export interface RecoveryTiming {
  /** How often an instance stamps its running tasks as alive. */
  heartbeatSeconds: number;
  /** A running task stamped longer ago than this is taken for abandoned. */
  staleSeconds: number;
  /** How often an instance looks for abandoned tasks. */
  sweepSeconds: number;
}

/** Worst case from a crash to the resumption: stale + sweep, about a minute. */
export const DEFAULT_RECOVERY: RecoveryTiming = { heartbeatSeconds: 10, staleSeconds: 40, sweepSeconds: 15 };

/** The one staleness rule, shared with the lists that show "interrupted, resuming". */
export const STALE_TASK_SECONDS = DEFAULT_RECOVERY.staleSeconds;

export const stampRunningTasks = (db: Executor, instanceId: string) =>
  db
    .update(tasks)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(tasks.instanceId, instanceId), eq(tasks.status, 'running')));

/**
 * Marks the abandoned tasks "interrupted" and returns them, in the caller's transaction (so the
 * new jobs are queued with them or not at all). `anyOther`: on the embedded database only one
 * process can be open, so every task running elsewhere is abandoned, whatever its stamp says.
 */
export async function claimAbandoned(
  tx: Executor,
  instanceId: string,
  staleSeconds: number,
  anyOther: boolean,
): Promise<{ id: number; kind: string }[]> {
  const stale = or(
    isNull(tasks.heartbeatAt),
    lt(tasks.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
  );
  return tx
    .update(tasks)
    .set({ status: 'interrupted', interruptedAt: sql`now()`, instanceId: null })
    .where(
      and(
        eq(tasks.status, 'running'),
        or(isNull(tasks.instanceId), ne(tasks.instanceId, instanceId)),
        anyOther ? undefined : stale,
      ),
    )
    .returning({ id: tasks.id, kind: tasks.kind });
}

/** Runs `tick` now and every `seconds`; errors are reported, never thrown into the timer. */
export function every(seconds: number, tick: () => Promise<unknown>, onError: (e: Error) => void) {
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    await tick()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(() => void run(), seconds * 1000);
  timer.unref();
  return { first: run, stop: () => clearInterval(timer) };
}
