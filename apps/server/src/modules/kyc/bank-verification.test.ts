import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type RazorpayxStandIn, startRazorpayxStandIn } from '../payouts/razorpayx-stand-in.test-kit';
import { redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';
import { nameMatchScore } from './name-match';

describe('name match', () => {
  it('scores the same person high whatever the order, honorifics or initials, and another person low', () => {
    expect(nameMatchScore('MR RAMESH KUMAR', 'Ramesh Kumar')).toBe(100);
    expect(nameMatchScore('KUMAR RAMESH', 'Ramesh Kumar')).toBe(100);
    expect(nameMatchScore('R KUMAR', 'Ramesh Kumar')).toBeGreaterThanOrEqual(70);
    expect(nameMatchScore('RAMESH KUMAR SHARMA', 'Ramesh Sharma')).toBeGreaterThanOrEqual(80);
    expect(nameMatchScore('SURESH PATEL', 'Ramesh Kumar')).toBeLessThan(50);
    expect(nameMatchScore('SURESH KUMAR', 'Ramesh Kumar')).toBeLessThan(80);
    expect(nameMatchScore('', 'Ramesh Kumar')).toBe(0);
  });
});

let x: RazorpayxStandIn;
let t: TestApp;
beforeAll(async () => {
  x = await startRazorpayxStandIn();
  t = await createTestApp({ env: { ...x.env, BANK_VERIFIER: 'razorpayx' } });
});
afterAll(async () => {
  await t?.close();
  await x?.close();
});

const ACCOUNT = '123456789012';
async function kycOf(memberId: number) {
  const [row] = await sqlRows(
    t,
    'select k.id, m.name from kyc_submissions k join members m on m.id = k.member_id where k.member_id = $1',
    [memberId],
  );
  return { id: Number(row!.id), name: String(row!.name) };
}
const verify = (kycId: number, role = 'finance') =>
  t.as(role, { method: 'POST', url: `/api/admin/kyc/${kycId}/bank-verification` });

describe('bank account verification at KYC (RazorpayX fund account validation stand-in)', () => {
  it('verifies: pending, then the bank’s name and its match score, stored and audited', async () => {
    const m = await redeemer(t);
    const kyc = await kycOf(m.id);
    x.bankNames.set(ACCOUNT, `MR ${kyc.name.toUpperCase()}`);
    expect((await verify(kyc.id, 'marketing')).statusCode).toBe(403);
    const first = await verify(kyc.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', score: null });
    const done = await verify(kyc.id);
    expect(done.json()).toMatchObject({
      status: 'verified',
      bankName: `MR ${kyc.name.toUpperCase()}`,
      score: 100,
      kycName: kyc.name,
    });
    const shown = await t.as('cs', { method: 'GET', url: `/api/admin/kyc/${kyc.id}/bank-verification` });
    expect(shown.json()).toMatchObject({ status: 'verified', score: 100 });
    const audits = await sqlRows(
      t,
      "select after from audit_log where action = 'kyc.bank_verified' and entity_id = $1",
      [String(kyc.id)],
    );
    expect(audits).toHaveLength(2);
  });

  it('a mismatched or invalid account cannot be paid', async () => {
    for (const [bankName, status] of [
      ['SURESH PATEL', 'mismatch'],
      [null, 'failed'],
    ] as const) {
      const m = await redeemer(t, { balance: 10_000 });
      const kyc = await kycOf(m.id);
      x.bankNames.set(ACCOUNT, bankName);
      await verify(kyc.id);
      expect((await verify(kyc.id)).json()).toMatchObject({ status });
      const r = await redeem(t, m.token, { kind: 'cash', points: 10_000, payout: 'bank' });
      const id = r.json().id as number;
      await t.as('hod', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
      const batch = await t.as('finance', {
        method: 'POST',
        url: '/api/admin/payout-batches',
        payload: { rail: 'bank_file', ids: [id] },
      });
      expect(batch.statusCode).toBe(400);
      expect(batch.json().message).toContain(`verification is ${status}`);
    }
  });
});

describe('UPI id verification at KYC (RazorpayX VPA validation stand-in)', () => {
  const verifyUpi = (kycId: number, role = 'finance') =>
    t.as(role, { method: 'POST', url: `/api/admin/kyc/${kycId}/upi-verification` });

  it('verifies the UPI id: the registered name and its match score, stored and audited', async () => {
    const m = await redeemer(t);
    const kyc = await kycOf(m.id);
    x.vpaNames.set('member@upi', kyc.name.toUpperCase());
    expect((await verifyUpi(kyc.id, 'marketing')).statusCode).toBe(403);
    const before = await t.as('cs', { method: 'GET', url: `/api/admin/kyc/${kyc.id}/upi-verification` });
    expect(before.json()).toMatchObject({ status: 'unverified', upiId: 'member@upi', score: null });
    const done = await verifyUpi(kyc.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'verified',
      upiId: 'member@upi',
      registeredName: kyc.name.toUpperCase(),
      score: 100,
      kycName: kyc.name,
      checkedBy: expect.any(String),
    });
    const audits = await sqlRows(
      t,
      "select after from audit_log where action = 'kyc.upi_verified' and entity_id = $1",
      [String(kyc.id)],
    );
    expect(audits).toEqual([{ after: expect.objectContaining({ status: 'verified', score: 100 }) }]);
  });

  it('a UPI id that is unverified, mismatched or invalid cannot be paid; once verified it can', async () => {
    const m = await redeemer(t, { balance: 10_000 });
    const kyc = await kycOf(m.id);
    const r = await redeem(t, m.token, { kind: 'cash', points: 10_000, payout: 'upi' });
    const id = r.json().id as number;
    await t.as('hod', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
    const batch = () =>
      t.as('finance', {
        method: 'POST',
        url: '/api/admin/payout-batches',
        payload: { rail: 'api', ids: [id] },
      });
    const unverified = await batch();
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toContain('UPI id is unverified');
    for (const [name, status] of [
      ['SURESH PATEL', 'mismatch'],
      [null, 'failed'],
    ] as const) {
      x.vpaNames.set('member@upi', name);
      expect((await verifyUpi(kyc.id)).json()).toMatchObject({ status });
      const refused = await batch();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(`UPI id is ${status}`);
    }
    // "All approved up to ₹X" leaves it out too.
    const upTo = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/payout-batches',
      payload: { rail: 'api', upToRupees: 100_000_000 },
    });
    if (upTo.statusCode === 200)
      expect(upTo.json().items.map((l: { redemptionId: number }) => l.redemptionId)).not.toContain(id);
    if (upTo.statusCode === 200)
      await t.as('finance', { method: 'POST', url: `/api/admin/payout-batches/${upTo.json().id}/cancel` });
    x.vpaNames.set('member@upi', kyc.name);
    expect((await verifyUpi(kyc.id)).json()).toMatchObject({ status: 'verified' });
    const ok = await batch();
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
