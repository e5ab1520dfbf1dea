import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../src/db/schema/tasks';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
const seen: number[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  t = await createTestApp({
    register: (app) => {
      app.jobs.register<{ n: number }>('test.count', async (payload, ctx) => {
        for (let i = 1; i <= payload.n; i++) await ctx.progress(i, payload.n);
        seen.push(payload.n);
        return { counted: payload.n };
      });
      app.jobs.register<{ n: number }>('test.flaky', async (_payload, ctx) => {
        if (failuresLeft-- > 0) throw new Error(`attempt ${ctx.attempt} failed`);
        return { attempt: ctx.attempt };
      });
    },
  });
});
afterAll(() => t.close());

async function waitForTask(id: number, status: string) {
  for (let i = 0; i < 100; i++) {
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, id));
    if (task?.status === status) return task;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${id} never became ${status}`);
}

describe('job queue', () => {
  it('runs a task enqueued in a committed transaction and records its progress', async () => {
    const id = await t.database.db.transaction((tx) => t.app.jobs.enqueue(tx, 'test.count', { n: 5 }, null));
    const task = await waitForTask(id, 'done');
    expect(task).toMatchObject({ done: 5, total: 5, result: { counted: 5 } });
  });

  it('leaves no task and no job when the transaction rolls back', async () => {
    const before = await t.database.executeSql('select count(*)::int as n from pgboss.job');
    await t.database.db
      .transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, 'test.count', { n: 99 }, null);
        throw new Error('rollback');
      })
      .catch(() => {});
    const after = await t.database.executeSql('select count(*)::int as n from pgboss.job');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const rows = await t.database.db.select().from(tasks).where(eq(tasks.kind, 'test.count'));
    expect(rows.every((r) => (r.payload as { n: number }).n !== 99)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen).not.toContain(99);
  });

  it('retries a failing task and succeeds on a later attempt', async () => {
    failuresLeft = 1;
    const id = await t.database.db.transaction((tx) => t.app.jobs.enqueue(tx, 'test.flaky', {}, null));
    const task = await waitForTask(id, 'done');
    expect(task.attempts).toBe(2);
    expect(task.result).toEqual({ attempt: 2 });
  });
});
