import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { kycBody, submitKyc } from '../kyc/kyc.test-kit';
import { registerMember, smsInbox } from '../members/members.test-kit';
import { setFraudRules } from './fraud-rules.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  inbox = smsInbox(t);
});
afterAll(() => t?.close());

const URL = '/api/admin/fraud-rules';

describe('fraud rules as a setting', () => {
  it('are maker-checker: requested, not approvable by the requester, approved by another, audited', async () => {
    const made = await t.as('admin', {
      method: 'POST',
      url: URL,
      payload: { scansPerHour: 40, scansPerHourAction: 'flag', effectiveFrom: todayInIndia(), note: 'Start' },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ status: 'pending', inForce: false, scansPerHour: 40 });
    const id = made.json().id as number;
    const self = await t.as('admin', { method: 'POST', url: `${URL}/${id}/approve`, payload: {} });
    expect(self.statusCode).toBe(409);
    expect((await t.as('cs', { method: 'POST', url: `${URL}/${id}/reject`, payload: {} })).statusCode).toBe(
      400,
    );
    const ok = await t.as('hod', { method: 'POST', url: `${URL}/${id}/approve`, payload: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', inForce: true, decidedByName: expect.any(String) });
    const again = await t.as('cs', { method: 'POST', url: `${URL}/${id}/approve`, payload: {} });
    expect(again.statusCode).toBe(409);
    const list = await t.as('cs', { url: URL });
    expect(list.json().rows[0]).toMatchObject({ id, inForce: true });
    const [audited] = await kit.sql(
      `select array_agg(action order by id) as actions from audit_log where entity = 'fraud_rules' and entity_id = $1`,
      [String(id)],
    );
    expect(audited!.actions).toEqual(['fraud_rules.requested', 'fraud_rules.approved']);
  });

  it('refuses a role without the actions (403) and checks the body', async () => {
    expect((await t.as('finance', { url: URL })).statusCode).toBe(403);
    const payload = { scansPerHour: 5, scansPerHourAction: 'refuse', effectiveFrom: todayInIndia() };
    expect((await t.as('finance', { method: 'POST', url: URL, payload })).statusCode).toBe(403);
    const pending = await t.as('admin', { method: 'POST', url: URL, payload });
    expect(
      (await t.as('finance', { method: 'POST', url: `${URL}/${pending.json().id}/approve`, payload: {} }))
        .statusCode,
    ).toBe(403);
    const noAction = await t.as('admin', {
      method: 'POST',
      url: URL,
      payload: { scansPerHour: 5, effectiveFrom: todayInIndia() },
    });
    expect(noAction.statusCode).toBe(400);
    const past = await t.as('admin', { method: 'POST', url: URL, payload: { effectiveFrom: '2020-01-01' } });
    expect(past.statusCode).toBe(400);
  });
});

describe('scans per member per hour', () => {
  it('flag: the scan past the limit is credited and flagged', async () => {
    await setFraudRules(t, { scansPerHour: 2, scansPerHourAction: 'flag' });
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 3);
    const member = await memberWithToken(t);
    const results = [];
    for (const code of codes) results.push((await scanAs(t, member.token, { code })).json());
    expect(results.map((r) => [r.result, r.points])).toEqual([
      ['success', 10],
      ['success', 10],
      ['success', 10],
    ]);
    const rows = await kit.sql(`select flags from coupon_scans where member_id = $1 order by id`, [
      member.id,
    ]);
    expect(rows.map((r) => (r.flags as string[]).includes('too_many_per_hour'))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('refuse: the scan past the limit is refused, nothing credited, the code stays active', async () => {
    await setFraudRules(t, { scansPerHour: 2, scansPerHourAction: 'refuse' });
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 3);
    const member = await memberWithToken(t);
    const results = [];
    for (const code of codes) results.push((await scanAs(t, member.token, { code })).json());
    expect(results.map((r) => [r.result, r.points])).toEqual([
      ['success', 10],
      ['success', 10],
      ['too_many_scans', 0],
    ]);
    expect(results[2].message).toBe('Too many scans in the last hour; scan this code again later');
    const [coupon] = await kit.sql(`select status::text from coupons where code = $1`, [codes[2]]);
    expect(coupon!.status).toBe('active');
    const [ledger] = await kit.sql(
      `select coalesce(sum(amount), 0)::int as points from points_ledger where member_id = $1`,
      [member.id],
    );
    expect(ledger!.points).toBe(20);
    // Another member is not counted against this one.
    const other = await memberWithToken(t);
    expect((await scanAs(t, other.token, { code: codes[2] })).json().result).toBe('success');
  });

  it('off: no limit once a set without the rule is in force', async () => {
    await setFraudRules(t, {});
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 3);
    const member = await memberWithToken(t);
    for (const code of codes) expect((await scanAs(t, member.token, { code })).json().result).toBe('success');
  });
});

describe('the same PAN or bank account on another approved member, at KYC approval', () => {
  const approve = async (id: number) => {
    await t.as('cs', { method: 'POST', url: `/api/admin/kyc/${id}/claim`, payload: {} });
    return t.as('cs', { method: 'POST', url: `/api/admin/kyc/${id}/approve`, payload: {} });
  };
  const submission = async (details: object) => {
    const { token, id: memberId, member } = await registerMember(t, inbox);
    const res = await submitKyc(t, token, await kycBody(t, token, details));
    expect(res.statusCode).toBe(200);
    return { id: res.json().id as number, memberId, code: member.code };
  };

  it('flag: shown to the reviewer with the other member; approval goes ahead, audited', async () => {
    await setFraudRules(t, { samePanAction: 'flag', sameBankAction: 'refuse' });
    const first = await submission({ pan: 'PQRST6789K', accountNumber: '900000000001' });
    expect((await approve(first.id)).statusCode).toBe(200);
    const second = await submission({ pan: 'pqrst6789k', accountNumber: '900000000002' });
    const detail = await t.as('cs', { url: `/api/admin/kyc/${second.id}` });
    expect(detail.json().duplicates).toEqual([
      {
        field: 'pan',
        memberId: first.memberId,
        memberCode: first.code,
        memberName: expect.any(String),
        action: 'flag',
      },
    ]);
    expect((await approve(second.id)).statusCode).toBe(200);
    const [audited] = await kit.sql(
      `select after from audit_log where action = 'kyc.approved' and entity_id = $1`,
      [String(second.memberId)],
    );
    expect((audited!.after as { flagged: unknown[] }).flagged).toHaveLength(1);
  });

  it('refuse (and hold): approval refused, the other member named; other details pass', async () => {
    await setFraudRules(t, { samePanAction: 'hold', sameBankAction: 'refuse' });
    const first = await submission({ pan: 'LMNOP1111Q', accountNumber: '900000000010' });
    expect((await approve(first.id)).statusCode).toBe(200);
    const sameAccount = await submission({ pan: 'LMNOP2222Q', accountNumber: '900000000010' });
    const refused = await approve(sameAccount.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('kyc_duplicate');
    expect(refused.json().message).toContain(`the same bank account as`);
    expect(refused.json().message).toContain(first.code);
    const [member] = await kit.sql(`select kyc_status from members where id = $1`, [sameAccount.memberId]);
    expect(member!.kyc_status).toBe('submitted');
    const samePan = await submission({ pan: 'LMNOP1111Q', accountNumber: '900000000011' });
    expect((await approve(samePan.id)).json().message).toContain('the same PAN as');
    // The same number at another bank is another account.
    const otherBank = await submission({
      pan: 'LMNOP3333Q',
      accountNumber: '900000000010',
      ifsc: 'HDFC0001234',
    });
    expect((await approve(otherBank.id)).statusCode).toBe(200);
  });

  it('the same UPI id (any case): shown to the reviewer with flag, refused with refuse', async () => {
    await setFraudRules(t, { sameUpiAction: 'flag' });
    const first = await submission({
      pan: 'UPIAA1111A',
      accountNumber: '910000000001',
      upiId: 'ring@okaxis',
    });
    expect((await approve(first.id)).statusCode).toBe(200);
    const second = await submission({
      pan: 'UPIAA2222A',
      accountNumber: '910000000002',
      upiId: 'RING@okaxis',
    });
    const detail = await t.as('cs', { url: `/api/admin/kyc/${second.id}` });
    expect(detail.json().duplicates).toEqual([
      expect.objectContaining({ field: 'upi', memberId: first.memberId }),
    ]);
    await setFraudRules(t, { sameUpiAction: 'refuse' });
    const refused = await approve(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('the same UPI id as');
  });
});
