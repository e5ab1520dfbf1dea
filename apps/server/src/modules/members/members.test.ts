import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestMember } from './members.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
type Row = {
  id: number;
  status: string;
  type: string;
  state: string;
  balance: number;
  kycStatus: string;
  createdAt: string;
};
const list = async (filter: object, extra = '') => {
  const res = await t.as('hod', { url: `/api/admin/users?perPage=500&filter=${q(filter)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Row[]; total: number };
};

describe('All Users list', () => {
  it('holds a few hundred seeded members across states, types and statuses', async () => {
    const all = await list({});
    expect(all.total).toBeGreaterThanOrEqual(300);
    expect(new Set(all.rows.map((r) => r.state)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(all.rows.map((r) => r.type))).toEqual(
      new Set(['carpenter', 'contractor', 'architect', 'dealer', 'retailer']),
    );
    expect(new Set(all.rows.map((r) => r.status))).toEqual(
      new Set(['pending', 'approved', 'rejected', 'blocked']),
    );
    expect(new Set(all.rows.map((r) => r.kycStatus))).toEqual(
      new Set(['none', 'submitted', 'approved', 'rejected']),
    );
  });

  it('filters by every declared filter', async () => {
    const checks: [object, (r: Row) => boolean][] = [
      [{ status: 'blocked' }, (r) => r.status === 'blocked'],
      [{ type: 'dealer' }, (r) => r.type === 'dealer'],
      [{ state: 'Gujarat' }, (r) => r.state === 'Gujarat'],
      [{ kycStatus: 'submitted' }, (r) => r.kycStatus === 'submitted'],
      [{ balanceMin: 200, balanceMax: 400 }, (r) => r.balance >= 200 && r.balance <= 400],
    ];
    for (const [filter, holds] of checks) {
      const { rows } = await list(filter);
      expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(rows.every(holds), JSON.stringify(filter)).toBe(true);
    }
    const dealer = (await list({ type: 'dealer' })).rows[0]!;
    expect(
      (await list({ dealerId: dealer.id })).rows.every(
        (r) => (r as unknown as { dealerId: number }).dealerId === dealer.id,
      ),
    ).toBe(true);
    expect((await list({ district: 'pune' })).rows.length).toBeGreaterThan(0);
    const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
    const recent = await list({ registeredFrom: '2000-01-01', registeredTo: today });
    expect(recent.total).toBe((await list({})).total);
    expect((await list({ bdeId: 1 })).total).toBe(0);
  });

  it('searches name, mobile and code', async () => {
    const id = await insertTestMember(t.database.db, { name: 'Zebulon Quartermaine', mobile: '7012345678' });
    for (const term of ['quarterm', '7012345', 'T']) {
      const { rows } = await list({ q: term });
      expect(
        rows.map((r) => r.id),
        term,
      ).toContain(id);
    }
  });

  it('names a bad filter and a bad sort', async () => {
    const res = await t.as('hod', {
      url: `/api/admin/users?filter=${q({ status: 'sleeping', colour: 'red' })}`,
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await t.as('hod', { url: `/api/admin/users?filter=${q({ balanceMin: 'lots' })}` })).json().fields,
    ).toEqual({
      'filter.balanceMin': 'Use a whole number',
    });
    expect((await t.as('hod', { url: '/api/admin/users?sort=mobile' })).statusCode).toBe(400);
  });

  it('is refused to anonymous callers and roles without All Users', async () => {
    expect((await t.app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
    for (const url of [
      '/api/admin/users',
      '/api/admin/users/1',
      '/api/admin/users/1/ledger',
      '/api/admin/users/1/kyc',
      '/api/admin/users/1/history',
      '/api/admin/users/export',
    ])
      expect((await t.as('printing', { url })).statusCode, url).toBe(403);
  });

  it('exports the current filter as xlsx', async () => {
    const res = await t.as('hod', { url: `/api/admin/users/export?filter=${q({ status: 'blocked' })}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="members.xlsx"; filename*=UTF-8''members.xlsx`,
    );
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('member detail', () => {
  it('shows profile, ledger, KYC and history tabs', async () => {
    const approved = (await list({ status: 'approved', kycStatus: 'approved', balanceMin: 1 })).rows[0]!;
    const profile = await t.as('finance', { url: `/api/admin/users/${approved.id}` });
    expect(profile.json()).toMatchObject({ id: approved.id, status: 'approved' });
    expect(profile.json().referralCode).toBeTruthy();
    const ledger = await t.as('finance', { url: `/api/admin/users/${approved.id}/ledger?perPage=500` });
    const entries = ledger.json().rows as { amount: number; memberId: number }[];
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(approved.balance);
    const kyc = await t.as('finance', { url: `/api/admin/users/${approved.id}/kyc` });
    expect(kyc.json()[0]).toMatchObject({
      status: 'approved',
      aadhaar: expect.stringMatching(/^XXXX XXXX \d{4}$/),
    });
    expect((await t.as('finance', { url: `/api/admin/users/${approved.id}/history` })).statusCode).toBe(200);
    expect((await t.as('finance', { url: '/api/admin/users/999999' })).statusCode).toBe(404);
  });
});

describe('block and unblock', () => {
  it('needs a reason, changes the status, and audits it', async () => {
    const id = await insertTestMember(t.database.db);
    const noReason = await t.as('cs', { method: 'POST', url: `/api/admin/users/${id}/block`, payload: {} });
    expect(noReason.json().fields).toEqual({ reason: 'A reason is required' });
    const blocked = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/users/${id}/block`,
      payload: { reason: 'Fraud check' },
    });
    expect(blocked.json()).toMatchObject({ status: 'blocked', statusReason: 'Fraud check' });
    expect(
      (await t.as('cs', { method: 'POST', url: `/api/admin/users/${id}/block`, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(409);
    const unblocked = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/users/${id}/unblock`,
      payload: { reason: 'Cleared' },
    });
    expect(unblocked.json()).toMatchObject({ status: 'approved', statusReason: 'Cleared' });
    const history = await t.as('cs', { url: `/api/admin/users/${id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'member.unblocked',
      'member.blocked',
    ]);
    expect(
      (await t.as('cs', { method: 'POST', url: '/api/admin/users/999999/block', payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(404);
  });
});
