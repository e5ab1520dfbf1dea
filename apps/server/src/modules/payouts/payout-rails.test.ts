import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';
import { type RazorpayxStandIn, startRazorpayxStandIn } from './razorpayx-stand-in.test-kit';

type Card = { key: string; value: number; unit: string; page: string; link?: string };

/** An approved cash redemption paid to a bank account or to the member's UPI id (member@upi). */
async function approvedCash(t: TestApp, payout: 'bank' | 'upi') {
  const m = await redeemer(t, { balance: 10_000 });
  const res = await redeem(t, m.token, { kind: 'cash', points: 10_000, payout });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  const ok = await t.as('hod', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

const rails = (t: TestApp, role = 'finance') => t.as(role, { method: 'GET', url: '/api/admin/payout-rails' });
const cardsOf = async (t: TestApp, role: string) =>
  (await t.as(role, { method: 'GET', url: '/api/admin/dashboard' })).json().cards as Card[];

describe('without the payout API configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('offers only the bank file, and counts the UPI redemptions a bank file cannot pay', async () => {
    expect((await rails(t, 'marketing')).statusCode).toBe(403);
    const before = (await rails(t)).json();
    expect(before.configured).toEqual(['bank_file']);
    await approvedCash(t, 'upi');
    await approvedCash(t, 'bank');
    const after = (await rails(t)).json();
    expect(after.waiting).toEqual({ bank: before.waiting.bank + 1, upi: before.waiting.upi + 1 });
  });

  it('gives finance payout, TDS and points-liability cards, each on a page finance holds', async () => {
    const bank = await approvedCash(t, 'bank');
    const made = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/payout-batches',
      payload: { rail: 'bank_file', ids: [bank] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const cards = await cardsOf(t, 'finance');
    const byKey = new Map(cards.map((c) => [c.key, c]));
    for (const key of [
      'payouts.waiting',
      'payouts.inBatches',
      'payouts.paidInRange',
      'payouts.failedInRange',
      'payouts.tdsInRange',
      'points.outstanding',
      'points.liability',
    ])
      expect(byKey.get(key), key).toBeDefined();
    const waiting = (await rails(t)).json().waiting;
    expect(byKey.get('payouts.waiting')!.value).toBe(waiting.bank + waiting.upi);
    const [unsettled] = await sqlRows(
      t,
      "select count(*)::int as n from payout_lines where status in ('queued', 'sending', 'pending')",
    );
    expect(byKey.get('payouts.inBatches')!.value).toBe(unsettled!.n);
    expect(byKey.get('payouts.inBatches')!.link).toBe('/dashboard/approvals/redemption/payouts');
    const [points] = await sqlRows(t, 'select coalesce(sum(balance), 0)::int as n from members');
    expect(byKey.get('points.outstanding')).toMatchObject({ value: points!.n, page: '/dashboard/users' });
    const me = (await t.as('finance', { method: 'GET', url: '/api/admin/me' })).json();
    expect(cards.every((c) => me.permissions.includes(c.page))).toBe(true);
    // Super admin reads the Scheme page: the points outstanding as well as their liability.
    const superAdmin = (await cardsOf(t, 'super admin')).map((c) => c.key);
    expect(superAdmin).toEqual(expect.arrayContaining(['points.outstanding', 'points.liability']));
  });
});

describe('with the payout API configured', () => {
  let x: RazorpayxStandIn;
  let t: TestApp;
  beforeAll(async () => {
    x = await startRazorpayxStandIn();
    t = await createTestApp({ env: { ...x.env, PAYOUTS_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await t?.close();
    await x?.close();
  });

  it('offers the payout API first, and pays a UPI redemption through it to the UPI id', async () => {
    expect((await rails(t)).json().configured).toEqual(['api', 'bank_file']);
    const id = await approvedCash(t, 'upi');
    const made = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/payout-batches',
      payload: { rail: 'api', ids: [id] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const batchId = made.json().id as number;
    const released = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/payout-batches/${batchId}/release`,
    });
    expect(released.statusCode, released.body).toBe(200);
    for (let i = 0; i < 100 && x.created(`redemption-${id}`) === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    const payout = [...x.payouts.values()].find((p) => p.reference_id === `redemption-${id}`);
    expect(payout).toMatchObject({
      mode: 'UPI',
      fund_account: { account_type: 'vpa', vpa: { address: 'member@upi' } },
    });
  });
});
