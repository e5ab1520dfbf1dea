import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { endLapsedSchemes, scheduleSchemeEnding } from './scheme-lapse';
import { activeScheme, dayIst } from './schemes.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

/** An active scheme whose end date is moved into the past (a scheme cannot be saved that way). */
async function lapsedScheme() {
  const scheme = await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 5 });
  await kit.sql('update schemes set starts_on = $2, ends_on = $3 where id = $1', [
    scheme.id,
    dayIst(-10),
    dayIst(-1),
  ]);
  return scheme.id;
}

const statusOf = async (id: number) =>
  (await t.as('admin', { url: `/api/admin/schemes/${id}` })).json().status as string;

describe('a scheme past its end date', () => {
  it('reads as ended at once, in the scheme and in the list filter', async () => {
    const id = await lapsedScheme();
    const running = await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 5 });
    expect(await statusOf(id)).toBe('ended');
    expect(await statusOf(running.id)).toBe('active');
    const q = (status: string) => encodeURIComponent(JSON.stringify({ status }));
    const active = await t.as('admin', { url: `/api/admin/schemes?perPage=100&filter=${q('active')}` });
    const ids = active.json().rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(id);
    const ended = await t.as('admin', { url: `/api/admin/schemes?perPage=100&filter=${q('ended')}` });
    expect(ended.json().rows.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('is ended by the sweep once, audited as a system action', async () => {
    const id = await lapsedScheme();
    const [first, second] = await Promise.all([
      endLapsedSchemes(t.database.db),
      endLapsedSchemes(t.database.db),
    ]);
    expect([...first!, ...second!].filter((x) => x === id)).toHaveLength(1);
    expect(await endLapsedSchemes(t.database.db)).toEqual([]);
    const [row] = await kit.sql('select status, closed_at is not null as closed from schemes where id = $1', [
      id,
    ]);
    expect(row).toEqual({ status: 'ended', closed: true });
    const audits = await kit.sql(
      "select actor_id, action, after->>'status' as status from audit_log where entity = 'scheme' and entity_id = $1 and action = 'scheme.ended'",
      [String(id)],
    );
    expect(audits).toEqual([{ actor_id: null, action: 'scheme.ended', status: 'ended' }]);
    const history = await t.as('admin', { url: `/api/admin/schemes/${id}/history` });
    expect(history.statusCode).toBe(200);
  });

  it('is ended by the scheduled sweep when the server starts', async () => {
    const id = await lapsedScheme();
    const app = Fastify({ logger: false });
    app.decorate('config', t.app.config);
    app.decorate('database', t.database);
    scheduleSchemeEnding(app);
    await app.ready();
    await app.close();
    const [row] = await kit.sql('select status from schemes where id = $1', [id]);
    expect(row).toEqual({ status: 'ended' });
  });
});
