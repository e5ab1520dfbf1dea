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
    /** queued | running | done | failed */
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
  },
  (t) => [index('tasks_kind_idx').on(t.kind, t.id)],
);
