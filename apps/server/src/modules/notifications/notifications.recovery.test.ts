import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fanOut } from './notification-fanout';
import { notificationsKit } from './notifications.test-kit';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const CHUNK = 200;

/** A worker instance in its own process (small fan-out chunks); resolves once it polls for jobs. */
function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/task-worker.child.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, NOTIFICATION_FANOUT_CHUNK: String(CHUNK) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('notification fan-out under crashes and races', () => {
  let t: TestApp;
  let kit: ReturnType<typeof notificationsKit>;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    // This instance serves the API only: the fan-out runs in the worker processes.
    t = await createTestApp({ jobs: { runWorkers: false } });
    kit = notificationsKit(t);
    // Enough members of each type for a fan-out of many chunks.
    await kit.sql(`insert into members (code, name, mobile, type, date_of_birth, address_line, city, district,
        state, pincode, referral_code, status)
      select 'X' || g, 'Bulk ' || g, (7000000000 + g)::text,
        (array['carpenter','contractor','architect','dealer','retailer'])[1 + g % 5], '1990-01-01', 'Street', 'Pune',
        'Pune', (array['Maharashtra','Goa','Kerala'])[1 + g % 3], '411001', 'RX' || g,
        (array['approved','approved','approved','pending','blocked','rejected'])[1 + g % 6]
      from generate_series(1, 30000) g`);
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await t?.close();
  });

  it('a worker killed halfway: the next one resumes, every intended member gets it exactly once', async () => {
    const created = await kit.ok(
      await kit.compose({ audience: { kind: 'types', types: ['contractor', 'dealer'] } }),
    );
    const [task] = await kit.sql('select task_id from notifications where id = $1', [created.id]);
    const taskId = Number(task!.task_id);
    const recipients = async () =>
      Number(
        (await kit.sql('select recipients from notifications where id = $1', [created.id]))[0]!.recipients,
      );

    const first = await startWorker(t.databaseUrl!);
    workers.push(first);
    while ((await recipients()) < CHUNK) await sleep(10);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const want = await kit.expected(`m.type in ('contractor', 'dealer')`);
    const midway = await recipients();
    expect(midway).toBeLessThan(want.length);
    expect((await kit.sql('select status from tasks where id = $1', [taskId]))[0]!.status).toBe('running');

    workers.push(await startWorker(t.databaseUrl!));
    let sawInterrupted = false;
    for (let i = 0; i < 480; i++) {
      const row = await kit.get(created.id);
      if (row.interrupted) sawInterrupted = true;
      if (row.state === 'sent') break;
      await sleep(250);
    }
    const done = await kit.get(created.id);
    expect(sawInterrupted).toBe(true);
    expect(done).toMatchObject({ state: 'sent', recipients: want.length, expected: want.length });
    expect(await kit.recipients(created.id)).toEqual(want);
    // Nobody of another type, nobody blocked or rejected.
    const [wrong] = await kit.sql(
      `select count(*)::int as n from inbox_messages i join members m on m.id = i.member_id
       where i.notification_id = $1 and (m.type not in ('contractor', 'dealer') or m.status in ('blocked', 'rejected'))`,
      [created.id],
    );
    expect(wrong!.n).toBe(0);
    expect((await kit.sql('select status, attempts from tasks where id = $1', [taskId]))[0]).toEqual({
      status: 'done',
      attempts: 2,
    });
  }, 180_000);

  it('a cancel racing the start: exactly one wins, and a cancelled notification reaches no one', async () => {
    const outcomes = { cancelled: 0, sent: 0 };
    for (let i = 0; i < 12; i++) {
      const n = await kit.ok(
        await kit.compose({
          audience: { kind: 'states', states: ['Goa'] },
          sendAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      );
      const cancel = t.as('marketing', { method: 'POST', url: `/api/admin/notifications/${n.id}/cancel` });
      const start = fanOut(t.database, n.id, {
        sender: { send: async (b) => b.memberIds.length },
        chunk: 5000,
      });
      const [answer, result] = await Promise.all([cancel, start]);
      const row = await kit.get(n.id);
      const delivered = await kit.recipients(n.id);
      if (answer.statusCode === 200) {
        outcomes.cancelled++;
        expect(result).toEqual({ skipped: 'cancelled' });
        expect(row.state).toBe('cancelled');
        expect(delivered).toEqual([]);
      } else {
        outcomes.sent++;
        expect(answer.statusCode).toBe(409);
        expect(row.state).toBe('sent');
        expect(delivered).toEqual(await kit.expected(`m.state = 'Goa'`));
      }
    }
    expect(outcomes.cancelled + outcomes.sent).toBe(12);
  }, 180_000);
});
