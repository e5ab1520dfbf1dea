import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';
import { ADDRESS_MAX_FAILURES } from '../../lib/sign-in-throttle';
import { freshMobile } from '../members/members.test-kit';

/** Rate limits and sign-in records key on the peer address; a forwarded-for header is a client's claim. */
describe('client address without a trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '30' } });
  });
  afterAll(() => t.close());

  it('rate-limits wrong sign-ins from one address however X-Forwarded-For rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `rotating-${i}@example.test`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    // The peer address's failures also hold it (lib/sign-in-throttle) before the rate limit's 30 a minute.
    expect(statuses.slice(0, ADDRESS_MAX_FAILURES)).toEqual(Array(ADDRESS_MAX_FAILURES).fill(401));
    expect(statuses.slice(ADDRESS_MAX_FAILURES, 30)).toEqual(Array(30 - ADDRESS_MAX_FAILURES).fill(423));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('records the peer address of a sign-in, not the header', async () => {
    const { rows } = await t.database.executeSql(
      "select distinct ip from sign_in_events where email like 'rotating-%'",
    );
    expect(rows.map((r) => String(r.ip))).toEqual(['127.0.0.1']);
  });

  it('rate-limits code requests for many mobiles from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/otp',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { mobile: freshMobile() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; takes a hop count or addresses; refuses a blanket true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('client address behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('takes the address the trusted proxy forwarded', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'x-forwarded-for': '192.0.2.7' },
      payload: { email: 'behind-proxy@example.test', password: 'wrong-password' },
    });
    const { rows } = await t.database.executeSql(
      "select ip from sign_in_events where email = 'behind-proxy@example.test'",
    );
    expect(rows.map((r) => String(r.ip))).toEqual(['192.0.2.7']);
  });
});
