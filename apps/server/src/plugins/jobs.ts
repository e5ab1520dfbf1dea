import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import { tasks } from '../db/schema/tasks';
import { executorAsSql } from '../lib/raw-sql';
import { safeErrorMessage } from './errors';
import {
  claimAbandoned,
  DEFAULT_RECOVERY,
  every,
  type RecoveryTiming,
  stampRunningTasks,
} from './task-recovery';

export interface TaskContext {
  taskId: number;
  attempt: number;
  /** Records progress; cheap enough to call every few thousand units of work. */
  progress(done: number, total?: number): Promise<void>;
}

export type TaskHandler<P> = (payload: P, ctx: TaskContext) => Promise<unknown>;

export interface Jobs {
  /** Creates a task and its job inside the caller's transaction: both exist only if it commits. */
  enqueue<P extends object>(
    tx: Executor,
    kind: string,
    payload: P,
    createdBy: number | null,
  ): Promise<number>;
  /** Declares the handler of a kind of task; workers run only where JOBS=1. */
  register<P>(kind: string, handler: TaskHandler<P>): void;
  /** Housekeeping run by one instance on a cron (Asia/Kolkata); it has no row in `tasks`. */
  schedule(kind: string, cron: string, handler: () => Promise<unknown>): void;
  start(): Promise<void>;
  /**
   * Takes no new job, lets running handlers finish for up to `graceSeconds`, then hands back what is
   * still running (queued again at once, to resume elsewhere from its stored progress) and stops.
   */
  stop(graceSeconds?: number): Promise<void>;
}

const RETRY_LIMIT = 2;
/** Arbitrary constant: the advisory lock under which instances create pg-boss's schema and queues. */
const JOBS_STARTUP_LOCK = 7_310_420_002;

async function underStartupLock(database: Database, work: () => Promise<void>): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [JOBS_STARTUP_LOCK]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [JOBS_STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

export interface JobsOptions {
  runWorkers: boolean;
  pollingSeconds?: number;
  recovery?: Partial<RecoveryTiming>;
}

export function createJobs(database: Database, options: JobsOptions): Jobs {
  // pg-boss runs its SQL through the app's pool: one set of connections, one place to close.
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    supervise: options.runWorkers,
    schedule: options.runWorkers,
  });
  const report = (error: Error) => console.error('[jobs]', safeErrorMessage(error));
  boss.on('error', report);
  const handlers = new Map<string, TaskHandler<unknown>>();
  const scheduled = new Map<string, { cron: string; handler: () => Promise<unknown> }>();
  const timing = { ...DEFAULT_RECOVERY, ...options.recovery };
  const instanceId = randomUUID();
  const timers: { stop(): void }[] = [];
  const running = new Set<Promise<unknown>>();
  let started = false;

  async function run(kind: string, job: PgBoss.Job<{ taskId: number }>) {
    const { db } = database;
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No handler for ${kind}`);
    // Only a waiting task is taken: a job that outlived its task (the dead instance's, retried at
    // the queue's expiry, or one of a task already resumed elsewhere) does nothing.
    const [task] = await db
      .update(tasks)
      .set({
        status: 'running',
        startedAt: sql`coalesce(${tasks.startedAt}, now())`,
        attempts: sql`${tasks.attempts} + 1`,
        error: null,
        instanceId,
        heartbeatAt: sql`now()`,
      })
      .where(and(eq(tasks.id, job.data.taskId), inArray(tasks.status, ['queued', 'interrupted'])))
      .returning();
    if (!task) return;
    const ctx: TaskContext = {
      taskId: task.id,
      attempt: task.attempts,
      progress: async (done, total) => {
        await db
          .update(tasks)
          .set({ done, ...(total === undefined ? {} : { total }), heartbeatAt: sql`now()` })
          .where(eq(tasks.id, task.id));
      },
    };
    try {
      const result = await handler(task.payload, ctx);
      await db
        .update(tasks)
        .set({
          status: 'done',
          result: result ?? null,
          finishedAt: sql`now()`,
          instanceId: null,
          interruptedAt: null,
        })
        .where(eq(tasks.id, task.id));
    } catch (error) {
      const last = task.attempts > RETRY_LIMIT;
      await db
        .update(tasks)
        .set({
          status: last ? 'failed' : 'queued',
          error: safeErrorMessage(error),
          finishedAt: last ? sql`now()` : null,
          instanceId: null,
        })
        .where(eq(tasks.id, task.id));
      throw error;
    }
  }

  const sendTask = (tx: Executor, kind: string, taskId: number) =>
    boss.send(kind, { taskId }, { db: executorAsSql(tx), retryLimit: RETRY_LIMIT, retryDelay: 2 });

  /** Queues again what dead instances left running; the handlers resume from what is stored. */
  const resumeAbandoned = (anyOther: boolean) =>
    database.db.transaction(async (tx) => {
      for (const task of await claimAbandoned(tx, instanceId, timing.staleSeconds, anyOther)) {
        console.warn(`[jobs] task ${task.id} (${task.kind}) was interrupted; resuming it`);
        await sendTask(tx, task.kind, task.id);
      }
    });

  /** This instance's tasks still running at shutdown: queued again now, not after the stale wait. */
  const handBack = () =>
    database.db.transaction(async (tx) => {
      const tasksLeft = await tx
        .update(tasks)
        .set({ status: 'interrupted', interruptedAt: sql`now()`, instanceId: null })
        .where(and(eq(tasks.instanceId, instanceId), eq(tasks.status, 'running')))
        .returning({ id: tasks.id, kind: tasks.kind });
      for (const task of tasksLeft) {
        console.warn(`[jobs] task ${task.id} (${task.kind}) is handed back at shutdown`);
        await sendTask(tx, task.kind, task.id);
      }
    });

  async function startRecovery() {
    const heartbeat = every(
      timing.heartbeatSeconds,
      () => stampRunningTasks(database.db, instanceId),
      report,
    );
    timers.push(heartbeat);
    const sweep = every(timing.sweepSeconds, () => resumeAbandoned(false), report);
    timers.push(sweep);
    await sweep.first();
  }

  return {
    async enqueue(tx, kind, payload, createdBy) {
      const [task] = await tx.insert(tasks).values({ kind, payload, createdBy }).returning({ id: tasks.id });
      await sendTask(tx, kind, task!.id);
      return task!.id;
    },
    register(kind, handler) {
      handlers.set(kind, handler as TaskHandler<unknown>);
    },
    schedule(kind, cron, handler) {
      scheduled.set(kind, { cron, handler });
    },
    async start() {
      // pg-boss creates its schema and each queue's table on first use; two instances doing so at
      // once deadlock (40P01), so that part runs under one advisory lock across instances.
      await underStartupLock(database, async () => {
        await boss.start();
        started = true;
        for (const kind of handlers.keys()) await boss.createQueue(kind);
        if (!options.runWorkers) return;
        for (const [kind, { cron }] of scheduled) {
          await boss.createQueue(kind);
          await boss.schedule(kind, cron, {}, { tz: 'Asia/Kolkata', retryLimit: RETRY_LIMIT });
        }
      });
      for (const kind of handlers.keys()) {
        if (!options.runWorkers) continue;
        await boss.work<{ taskId: number }>(
          kind,
          { batchSize: 1, pollingIntervalSeconds: options.pollingSeconds ?? 1 },
          async ([job]) => {
            if (!job) return;
            const underWay = run(kind, job);
            running.add(underWay);
            try {
              await underWay;
            } finally {
              running.delete(underWay);
            }
          },
        );
      }
      if (!options.runWorkers) return;
      for (const [kind, { handler }] of scheduled) {
        await boss.work(kind, { batchSize: 1 }, () => handler());
      }
      await startRecovery();
    },
    async stop(graceSeconds = 10) {
      for (const timer of timers.splice(0)) timer.stop();
      if (!started) return;
      if (options.runWorkers) {
        for (const kind of [...handlers.keys(), ...scheduled.keys()]) await boss.offWork(kind);
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => {
            waited = setTimeout(resolve, graceSeconds * 1000);
          }),
        ]);
        clearTimeout(waited);
        await handBack().catch(report);
      }
      await boss.stop({ graceful: true, close: true, wait: true, timeout: 2_000 });
      started = false;
    },
  };
}
