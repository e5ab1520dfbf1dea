import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { resolveRange } from './dashboard.range';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (role: string, query = '') => t.as(role, { method: 'GET', url: `/api/admin/dashboard${query}` });
type Card = { key: string; value: number; page: string };

describe('GET /api/admin/dashboard', () => {
  it('gives Manage Admin holders the staff cards and a zero-filled sign-ins-per-day series', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'cs@demo.local', password: 'bad-pass' },
    });
    const res = await get('almond team');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const value = (key: string) => (body.cards as Card[]).find((c) => c.key === key)?.value;
    expect(value('staff.active')).toBe(11);
    expect(value('staff.inactive')).toBe(0);
    expect(value('staff.locked')).toBe(0);
    expect(value('staff.signIns')).toBeGreaterThanOrEqual(1);
    expect(value('staff.failedSignIns')).toBeGreaterThanOrEqual(1);
    expect(value('audit.events')).toBeGreaterThanOrEqual(0);
    const [series] = body.series;
    expect(series.key).toBe('staff.signInsPerDay');
    expect(series.points).toHaveLength(30);
    expect(series.points.at(-1).date).toBe(body.to);
    expect(series.points.at(-1).value).toBeGreaterThanOrEqual(1);
  });

  it('gives member, points and coupon cards from the seeded demo data', async () => {
    const body = (await get('almond team')).json();
    const value = (key: string) => (body.cards as Card[]).find((c) => c.key === key)?.value;
    const count = async (q: string) => Number((await t.database.executeSql(q)).rows[0]!.n);
    expect(value('members.pending')).toBe(
      await count("select count(*) as n from members where status = 'pending'"),
    );
    expect(value('kyc.waiting')).toBe(
      await count("select count(*) as n from kyc_submissions where status = 'submitted'"),
    );
    const outstanding = await count('select coalesce(sum(balance), 0) as n from members');
    expect(value('points.outstanding')).toBe(outstanding);
    expect(value('points.liability')).toBe(outstanding * 25);
    expect(value('coupons.active')).toBe(
      await count("select count(*) as n from coupons where status = 'active'"),
    );
    expect(body.series.map((s: Card) => s.key)).toEqual(
      expect.arrayContaining(['members.registrationsPerDay', 'scans.perDay']),
    );
    // Points issued vs redeemed per day add up to the cards of the same range.
    type Series = { key: string; chart?: string; points: { value: number }[] };
    const total = (key: string) =>
      (body.series as Series[]).find((s) => s.key === key)!.points.reduce((sum, p) => sum + p.value, 0);
    expect(total('points.issuedPerDay')).toBe(value('points.issued'));
    expect(total('points.redeemedPerDay')).toBe(value('points.redeemed'));
    expect(value('points.issued')).toBeGreaterThan(0);
    const pointsChart = (body.series as Series[]).filter((s) => s.chart === 'points').map((s) => s.key);
    expect(pointsChart).toEqual(['points.issuedPerDay', 'points.redeemedPerDay']);
  });

  it('counts only the chosen days', async () => {
    const res = await get('admin', '?from=2020-01-01&to=2020-01-03');
    expect(res.json().series[0].points).toEqual([
      { date: '2020-01-01', value: 0 },
      { date: '2020-01-02', value: 0 },
      { date: '2020-01-03', value: 0 },
    ]);
    expect(res.json().cards.find((c: Card) => c.key === 'staff.signIns').value).toBe(0);
  });

  it('returns only the cards of pages the caller holds', async () => {
    const res = await get('finance');
    expect(res.statusCode).toBe(200);
    expect(res.json().cards.filter((c: Card) => c.page === '/dashboard/manageadmin')).toEqual([]);
    expect(res.json().series.filter((s: Card) => s.page === '/dashboard/manageadmin')).toEqual([]);
    // finance holds All Users and KYC Verification, not QR Scan History.
    const pages = new Set(res.json().cards.map((c: Card) => c.page));
    expect(pages.has('/dashboard/users')).toBe(true);
    expect(pages.has('/dashboard/QrScanHistories')).toBe(false);
  });

  it('refuses bad ranges by field, roles without the Dashboard and anonymous callers', async () => {
    expect((await get('admin', '?from=2024-03-02&to=2024-03-01')).json().fields).toHaveProperty('from');
    expect((await get('admin', '?from=2024-02-30')).json().fields).toHaveProperty('from');
    expect((await get('admin', '?from=yesterday')).statusCode).toBe(400);
    expect((await get('admin', '?from=2020-01-01&to=2024-01-01')).json().fields.from).toMatch(/at most/);
    expect((await get('printing')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});

describe('resolveRange', () => {
  it('takes IST calendar days: midnight IST is 18:30 UTC the day before', () => {
    expect(resolveRange({ from: '2024-04-01', to: '2024-04-01' })).toEqual({
      from: '2024-04-01',
      to: '2024-04-01',
      start: '2024-03-31T18:30:00.000Z',
      end: '2024-04-01T18:30:00.000Z',
    });
    // 20:00 UTC on 1 April is already 2 April in India.
    expect(resolveRange({}, new Date('2024-04-01T20:00:00Z')).to).toBe('2024-04-02');
    expect(resolveRange({}, new Date('2024-04-01T20:00:00Z')).from).toBe('2024-03-04');
  });
});
