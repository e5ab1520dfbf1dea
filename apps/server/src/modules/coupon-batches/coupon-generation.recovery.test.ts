import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { GENERATION_CHUNK } from './coupon-generation';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

/** Starts a worker instance in its own process; resolves once it polls for jobs. */
function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/task-worker.child.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl },
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

describe('a generation cut off by a crash', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    // This instance serves the API only: the generation runs in the worker processes.
    t = await createTestApp({ jobs: { runWorkers: false } });
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await t?.close();
  });

  it('resumes on a new instance: exactly N distinct codes, "interrupted" meanwhile', async () => {
    const kit = couponsKit(t);
    const quantity = 4 * GENERATION_CHUNK;
    const product = await kit.product();
    const created = await kit.ok(
      await t.as('almond team', {
        method: 'POST',
        url: '/api/admin/coupon-batches',
        payload: { productId: product.id, quantity, expiresOn: kit.expiresIn(30) },
      }),
    );
    const taskDone = async () =>
      Number((await kit.sql('select done from tasks where id = $1', [created.taskId]))[0]?.done ?? 0);

    const first = await startWorker(t.databaseUrl!);
    workers.push(first);
    while ((await taskDone()) < GENERATION_CHUNK) await sleep(20);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const before = await kit.sql('select count(*)::int as n from coupons where batch_id = $1', [created.id]);
    expect(before[0]!.n).toBeLessThan(quantity);
    expect((await kit.sql('select status from tasks where id = $1', [created.taskId]))[0]!.status).toBe(
      'running',
    );

    workers.push(await startWorker(t.databaseUrl!));
    let sawInterrupted = false;
    const row = await kit.until(async () => {
      const r = (
        await t.as('almond team', { method: 'GET', url: `/api/admin/coupon-batches/${created.id}` })
      ).json();
      if (r.interrupted && r.status === 'generating') sawInterrupted = true;
      return r.status === 'ready' ? r : undefined;
    }, 'the resumed batch');

    expect(sawInterrupted).toBe(true);
    expect(row).toMatchObject({ status: 'ready', done: quantity, interrupted: false });
    const [stored] = await kit.sql(
      `select count(*)::int as n, count(distinct code)::int as codes, min(serial)::float8 as lo,
              max(serial)::float8 as hi from coupons where batch_id = $1`,
      [created.id],
    );
    expect(stored).toEqual({ n: quantity, codes: quantity, lo: row.firstSerial, hi: row.lastSerial });
    const [task] = await kit.sql('select status, attempts from tasks where id = $1', [created.taskId]);
    expect(task).toEqual({ status: 'done', attempts: 2 });
  }, 120_000);
});
