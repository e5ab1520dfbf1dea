import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import { tasks } from '../db/schema/tasks';
import { executorAsSql } from '../lib/raw-sql';

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
  start(): Promise<void>;
  stop(): Promise<void>;
}

const RETRY_LIMIT = 2;

export function createJobs(
  database: Database,
  options: { runWorkers: boolean; pollingSeconds?: number },
): Jobs {
  // One adapter for both backends: on PGlite pg-boss must share the single connection.
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    supervise: options.runWorkers,
    schedule: false,
  });
  boss.on('error', (error) => console.error('[jobs]', error.message));
  const handlers = new Map<string, TaskHandler<unknown>>();
  let started = false;

  async function run(kind: string, job: PgBoss.Job<{ taskId: number }>) {
    const { db } = database;
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No handler for ${kind}`);
    const [task] = await db
      .update(tasks)
      .set({ status: 'running', startedAt: sql`now()`, attempts: sql`${tasks.attempts} + 1`, error: null })
      .where(eq(tasks.id, job.data.taskId))
      .returning();
    if (!task) return;
    const ctx: TaskContext = {
      taskId: task.id,
      attempt: task.attempts,
      progress: async (done, total) => {
        await db
          .update(tasks)
          .set(total === undefined ? { done } : { done, total })
          .where(eq(tasks.id, task.id));
      },
    };
    try {
      const result = await handler(task.payload, ctx);
      await db
        .update(tasks)
        .set({ status: 'done', result: result ?? null, finishedAt: sql`now()` })
        .where(eq(tasks.id, task.id));
    } catch (error) {
      const last = task.attempts > RETRY_LIMIT;
      await db
        .update(tasks)
        .set({
          status: last ? 'failed' : 'queued',
          error: (error as Error).message,
          finishedAt: last ? sql`now()` : null,
        })
        .where(eq(tasks.id, task.id));
      throw error;
    }
  }

  return {
    async enqueue(tx, kind, payload, createdBy) {
      const [task] = await tx.insert(tasks).values({ kind, payload, createdBy }).returning({ id: tasks.id });
      await boss.send(
        kind,
        { taskId: task!.id },
        { db: executorAsSql(tx), retryLimit: RETRY_LIMIT, retryDelay: 2 },
      );
      return task!.id;
    },
    register(kind, handler) {
      handlers.set(kind, handler as TaskHandler<unknown>);
    },
    async start() {
      await boss.start();
      started = true;
      for (const kind of handlers.keys()) {
        await boss.createQueue(kind);
        if (!options.runWorkers) continue;
        await boss.work<{ taskId: number }>(
          kind,
          { batchSize: 1, pollingIntervalSeconds: options.pollingSeconds ?? 1 },
          async ([job]) => {
            if (job) await run(kind, job);
          },
        );
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
      started = false;
    },
  };
}
