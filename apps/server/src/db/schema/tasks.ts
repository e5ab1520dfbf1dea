import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A unit of background work as people see it: kind, status and progress. The pg-boss job that runs
 * it carries the task id; domains link their rows (reports, batches, print files) to a task.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** queued | running | interrupted (its instance died; queued again to resume) | done | failed */
    status: text('status').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    payload: jsonb('payload').notNull(),
    result: jsonb('result'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The process running it, which stamps `heartbeat_at` while alive (plugins/task-recovery.ts). */
    instanceId: text('instance_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** When it was last found abandoned by a dead instance; cleared when it finishes. */
    interruptedAt: timestamp('interrupted_at', { withTimezone: true }),
  },
  (t) => [index('tasks_kind_idx').on(t.kind, t.id), index('tasks_status_idx').on(t.status)],
);
