import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { memberWithToken, scanAs } from '../modules/coupons/scan.test-kit';
import { call } from '../modules/messages/sms-providers';
import { FIGURES_CACHE_MS } from './metrics';

const TOKEN = 'metrics-token-of-the-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one series (exact labels, in prom-client's order), or undefined. */
const sample = (body: string, series: string): number | undefined => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** Waits out the cache of the gauges that need a query (a loaded machine may take longer). */
const afterCache = () => new Promise((r) => setTimeout(r, FIGURES_CACHE_MS + 200));

describe('/metrics', () => {
  it('refuses without the token, with a wrong one, and is not served without METRICS_TOKEN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
    // A staff session is not a metrics token.
    expect((await t.as('super admin', { method: 'GET', url: '/metrics' })).statusCode).toBe(401);

    const without = await createTestApp({ sharing: t });
    try {
      const res = await without.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      // No /metrics route: a 404, or the web app's page where the console is built (its fallback route).
      expect(res.headers['content-type']).not.toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).not.toContain('http_request_duration_seconds');
    } finally {
      await without.close();
    }
  });

  it('counts requests by route pattern and status with latency buckets, never by URL', async () => {
    const get = (id: number) => t.as('almond team', { method: 'GET', url: `/api/admin/bdes/${id}` });
    const status = (await get(999_990)).statusCode;
    const series = `http_request_duration_seconds_count{method="GET",route="/api/admin/bdes/:id",status="${status}"}`;
    const was = sample(await scrape(), series) ?? 0;
    for (const id of [999_991, 999_992, 999_993]) expect((await get(id)).statusCode).toBe(status);
    const body = await scrape();
    expect(sample(body, series)).toBe(was + 3);
    expect(body).not.toContain('999991');
    expect(body).toContain(
      `http_request_duration_seconds_bucket{le="0.5",method="GET",route="/api/admin/bdes/:id",status="${status}"}`,
    );
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(sample(body, 'db_pool_connections{pool="primary",state="total"}')).toBeGreaterThan(0);
    expect(sample(body, 'db_pool_connections{pool="primary",state="waiting"}')).toBe(0);
  });

  it('shows each job queue, the outbox by channel and payouts as the database holds them', async () => {
    // A message not due for an hour stays in the outbox: the backlog and its age are the operator's view of it.
    await t.database.executeSql(
      `insert into member_messages (channel, template_key, language, variables, recipient, cause_kind, cause_id, next_attempt_at, created_at)
       values ('whatsapp', 'otp', 'en', '{}', '9876500001', 'metrics-test', '1', now() + interval '1 hour', now() - interval '90 seconds')`,
    );
    await afterCache();
    const body = await scrape();
    const unsent = await t.database.executeSql(
      `select count(*)::int as n from member_messages where channel = 'whatsapp' and status in ('queued', 'sending')`,
    );
    expect(sample(body, 'outbox_backlog{channel="whatsapp"}')).toBe(unsent.rows[0]!.n);
    expect(sample(body, 'outbox_oldest_age_seconds{channel="whatsapp"}')).toBeGreaterThanOrEqual(90);
    expect(sample(body, 'outbox_backlog{channel="push"}')).toBeTypeOf('number');

    const queues = await t.database.executeSql('select name from pgboss.queue order by name');
    expect(queues.rows.length).toBeGreaterThan(0);
    for (const { name } of queues.rows) {
      expect(sample(body, `job_queue_depth{queue="${name}"}`)).toBeTypeOf('number');
      expect(sample(body, `job_queue_oldest_age_seconds{queue="${name}"}`)).toBeTypeOf('number');
    }

    const payouts = await t.database.executeSql(
      `select count(*) filter (where status in ('queued', 'sending', 'pending'))::int as pending,
              count(*) filter (where status = 'failed')::int as failed from payout_lines`,
    );
    expect(sample(body, 'payouts{state="pending"}')).toBe(payouts.rows[0]!.pending);
    expect(sample(body, 'payouts{state="failed"}')).toBe(payouts.rows[0]!.failed);
  });

  it('counts scans by result and provider failures by provider and kind', async () => {
    const member = await memberWithToken(t);
    const res = await scanAs(t, member.token, { code: 'NOTACODE12' });
    const { result } = res.json() as { result: string };
    expect(result).toBeTruthy();
    const series = `coupon_scans_total{result="${result}"}`;
    const before = sample(await scrape(), series) ?? 0;
    await scanAs(t, member.token, { code: 'NOTACODE13' });
    expect(sample(await scrape(), series)).toBe(before + 1);

    // A provider answering 503, then one that does not answer at all.
    const failing = http.createServer((_req, res) => res.writeHead(503).end('{}'));
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const port = (failing.address() as AddressInfo).port;
    const kinds = ['http_5xx', 'unanswered'].map(
      (kind) => `provider_errors_total{provider="whatsapp",kind="${kind}"}`,
    );
    const was = await scrape();
    await call(
      'whatsapp',
      `http://127.0.0.1:${port}/send`,
      { method: 'POST', headers: {}, body: '{}' },
      5_000,
    );
    await new Promise<void>((r) => failing.close(() => r()));
    await expect(
      call('whatsapp', `http://127.0.0.1:${port}/send`, { method: 'POST', headers: {}, body: '{}' }, 5_000),
    ).rejects.toThrow();
    const body = await scrape();
    for (const s of kinds) expect(sample(body, s)).toBe((sample(was, s) ?? 0) + 1);
    // Webhook failures have their counter ready for the receivers.
    expect(body).toContain('# TYPE webhook_errors_total counter');
  });
});
