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
