import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { SERVER_ARGS, SERVER_DIR } from '../../../test/server-process';
import { verifyWebhook } from './receiver.example';
import { firstArrivalsByMember, startReceiver } from './receiver-stand-in.test-kit';

/**
 * `npm start`'s server killed with SIGKILL while it delivers, then started again: every event
 * arrives, each member's in order, and anything sent twice carries the same event id and body.
 */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const children: ReturnType<typeof spawn>[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS: '0' } });
  // A slow receiver: the kill lands while deliveries are in flight.
  receiver = await startReceiver({ delayMs: 40 });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t?.close();
  await receiver?.close();
});

function startServer() {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      DATABASE_URL: t.databaseUrl,
      SEED_DEMO: '1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEBHOOKS_TIMEOUT_MS: '1000',
      WEBHOOKS_CONCURRENCY: '8',
    },
    stdio: 'ignore',
  });
  children.push(child);
  return { child, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

const count = async (where: string) =>
  Number(
    (await t.database.executeSql(`select count(*)::int as n from webhook_deliveries where ${where}`)).rows[0]!
      .n,
  );

describe('a kill -9 during delivery', () => {
  it('loses nothing; a second delivery has the same event id; each member in order', async () => {
    const made = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: receiver.url, eventTypes: ['points.expired'] },
    });
    const secret = made.json().secret as string;
    await t.database.executeSql(`
      select record_webhook_event('points.expired', g % 6, jsonb_build_object('memberId', g % 6, 'points', g, 'balance', 0))
        from generate_series(1, 240) g order by g`);
    const { rows } = await t.database.executeSql('select event_id from webhook_events order by id');
    const ids = rows.map((r) => String(r.event_id));

    const first = startServer();
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(40), {
      timeout: 60_000,
      interval: 50,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await count(`status <> 'delivered'`)).toBeGreaterThan(0);

    const second = startServer();
    await vi.waitFor(async () => expect(await count(`status = 'delivered'`)).toBe(ids.length), {
      timeout: 90_000,
      interval: 250,
    });
    second.child.kill('SIGTERM');
    await second.exited;

    const got = receiver.received;
    expect(new Set(got.map((r) => r.id))).toEqual(new Set(ids));
    const bodies = new Map<string, string>();
    for (const r of got) {
      // A repeat is the same event: same id, same body, and it verifies.
      expect(bodies.get(r.id) ?? r.body).toBe(r.body);
      bodies.set(r.id, r.body);
      expect(verifyWebhook(secret, r.body, r.headers, new Set()).ok).toBe(true);
    }
    for (const [memberId, arrived] of firstArrivalsByMember(got))
      expect(arrived).toEqual(ids.filter((_, i) => (i + 1) % 6 === memberId));
  });
});
