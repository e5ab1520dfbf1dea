import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, demoActor } from '../../../test/decisions.test-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decideMany } from '../../lib/decisions';
import { registerMember, smsInbox } from '../members/members.test-kit';
import { kycDecisions } from './kyc.service';
import { ACCOUNT, kycBody, PAN, submitKyc } from './kyc.test-kit';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const act = (role: string, id: number, action: string, payload: object = {}) =>
  t.as(role, { method: 'POST', url: `/api/admin/kyc/${id}/${action}`, payload });

/** A fresh member with a submitted KYC; returns the submission id. */
async function freshSubmission(extra: object = {}) {
  const { token, id: memberId } = await registerMember(t, inbox, extra);
  const res = await submitKyc(t, token, await kycBody(t, token));
  return { id: res.json().id as number, memberId, token };
}

describe('the queue', () => {
  it('lists submitted KYC oldest first with masked numbers and claims', async () => {
    const res = await t.as('cs', { url: '/api/admin/kyc?perPage=100' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as {
      submittedAt: string;
      status: string;
      pan: string;
      claimedByName: string | null;
    }[];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.status === 'submitted' && /^XXXXXX/.test(r.pan))).toBe(true);
    expect(rows.map((r) => r.submittedAt)).toEqual([...rows.map((r) => r.submittedAt)].sort());
    expect(rows.some((r) => r.claimedByName === 'Demo Finance')).toBe(true);
  });

  it('is refused to anonymous callers and roles without the page', async () => {
    expect((await t.app.inject({ url: '/api/admin/kyc' })).statusCode).toBe(401);
    expect((await t.as('printing', { url: '/api/admin/kyc' })).statusCode).toBe(403);
    expect((await t.as('hod', { url: '/api/admin/kyc/1' })).statusCode).toBe(403);
    expect((await t.as('cs', { url: '/api/admin/kyc-history' })).statusCode).toBe(403);
  });
});

describe('claim, release and decide', () => {
  it('lets one reviewer hold a submission and names them to others', async () => {
    const { id } = await freshSubmission();
    expect((await act('cs', id, 'claim')).json().claimedByName).toBe('Demo CS');
    const other = await act('finance', id, 'claim');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Claimed by Demo CS');
    const decide = await act('finance', id, 'approve');
    expect(decide.statusCode).toBe(409);
    expect(decide.json().message).toMatch(/claimed by Demo CS/);
    expect((await act('finance', id, 'release')).statusCode).toBe(409);
    expect((await act('cs', id, 'release')).json().claimedBy).toBeNull();
    expect((await act('finance', id, 'claim')).statusCode).toBe(200);
  });

  it('approves a claimed submission; the member follows and it leaves the queue', async () => {
    const { id, memberId } = await freshSubmission();
    expect((await act('cs', id, 'approve')).json().error).toBe('not_claimed');
    await act('cs', id, 'claim');
    const res = await act('cs', id, 'approve', { comment: 'All clear' });
    expect(res.json()).toMatchObject({ status: 'approved', decidedByName: 'Demo CS', comment: 'All clear' });
    const member = await t.as('cs', { url: `/api/admin/users/${memberId}` });
    expect(member.json().kycStatus).toBe('approved');
    const queue = await t.as('cs', { url: `/api/admin/kyc?filter=${q({ memberId })}` });
    expect(queue.json().total).toBe(0);
    expect((await act('cs', id, 'approve')).statusCode).toBe(409);
  });

  it('rejects with a reason from the list; "other" needs a comment', async () => {
    const { id, memberId } = await freshSubmission();
    await act('finance', id, 'claim');
    const bad = await act('finance', id, 'reject', { reasonCode: 'because' });
    expect(bad.json().fields.reasonCode).toBe('Choose a reason from the list');
    expect((await act('finance', id, 'reject', { reasonCode: 'other' })).json().fields.comment).toBe(
      'Say why in the comment',
    );
    const res = await act('finance', id, 'reject', { reasonCode: 'image_unclear', comment: 'Blurred' });
    expect(res.json()).toMatchObject({
      status: 'rejected',
      reason: 'Document image is unclear',
      comment: 'Blurred',
    });
    const history = await t.as('finance', {
      url: `/api/admin/kyc-history?filter=${q({ memberId, status: 'rejected' })}`,
    });
    expect(history.json().rows).toHaveLength(1);
    const audit = await t.as('admin', { url: `/api/admin/users/${memberId}/history` });
    expect(audit.json().map((e: { action: string }) => e.action)).toContain('kyc.rejected');
  });

  it('credits referral points on KYC approval when that is the trigger, once', async () => {
    await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/referral/settings',
      payload: {
        referrerPoints: 70,
        refereePoints: 30,
        trigger: 'kyc_approved',
        effectiveFrom: new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10),
      },
    });
    const referrer = await registerMember(t, inbox);
    const { id, memberId } = await freshSubmission({ referralCode: referrer.member.referralCode });
    await act('cs', id, 'claim');
    await act('cs', id, 'approve');
    const ledger = await t.as('almond team', {
      url: `/api/admin/referral/credits?filter=${q({ q: referrer.member.code })}`,
    });
    expect(ledger.json().rows).toMatchObject([{ memberId: referrer.id, amount: 70 }]);
    const own = await t.as('almond team', { url: `/api/admin/users/${memberId}/ledger` });
    expect(own.json().rows).toMatchObject([{ kind: 'referral', amount: 30 }]);
  });
});

describe('documents and reveal', () => {
  it('serves document images as attachments to KYC reviewers', async () => {
    const { id } = await freshSubmission();
    const res = await t.as('cs', { url: `/api/admin/kyc/${id}/documents/pan` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect((await t.as('cs', { url: `/api/admin/kyc/${id}/documents/selfie` })).statusCode).toBe(400);
  });

  it('reveals a full number only on request, audited, never in lists', async () => {
    const { id, memberId } = await freshSubmission();
    const detail = await t.as('cs', { url: `/api/admin/kyc/${id}` });
    expect(detail.body).not.toContain(PAN);
    expect(detail.json().documents).toEqual(['aadhaarFront', 'aadhaarBack', 'pan', 'cheque']);
    const pan = await act('cs', id, 'reveal', { field: 'pan' });
    expect(pan.json()).toEqual({ field: 'pan', value: PAN });
    expect((await act('cs', id, 'reveal', { field: 'accountNumber' })).json().value).toBe(ACCOUNT);
    expect((await act('cs', id, 'reveal', { field: 'aadhaar' })).statusCode).toBe(400);
    expect((await act('hod', id, 'reveal', { field: 'pan' })).statusCode).toBe(403);
    const history = await t.as('admin', { url: `/api/admin/users/${memberId}/history` });
    const reveals = history.json().filter((e: { action: string }) => e.action === 'kyc.revealed');
    expect(reveals).toHaveLength(2);
    expect(JSON.stringify(reveals)).not.toContain(PAN);
    const tab = await t.as('admin', { url: `/api/admin/users/${memberId}/kyc` });
    expect(tab.body).not.toContain(PAN);
    expect(tab.body).not.toContain(ACCOUNT);
  });
});

describe('exports', () => {
  it('export the queue and the history with masked numbers only', async () => {
    const queue = await t.as('cs', { url: '/api/admin/kyc/export' });
    expect(queue.headers['content-disposition']).toBe(
      `attachment; filename="kyc-queue.xlsx"; filename*=UTF-8''kyc-queue.xlsx`,
    );
    const history = await t.as('finance', {
      url: `/api/admin/kyc-history/export?filter=${q({ status: 'approved' })}`,
    });
    expect(history.headers['content-disposition']).toBe(
      `attachment; filename="kyc-history.xlsx"; filename*=UTF-8''kyc-history.xlsx`,
    );
    expect(history.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await t.as('cs', { url: '/api/admin/kyc-history/export' })).statusCode).toBe(403);
    expect((await t.as('printing', { url: '/api/admin/kyc/export' })).statusCode).toBe(403);
  });
});

describe('KYC decisions through the shared mechanism', () => {
  it('decide a bulk with an outcome per row: unclaimed and decided submissions are skipped', async () => {
    const [held, unclaimed, decided] = [
      await freshSubmission(),
      await freshSubmission(),
      await freshSubmission(),
    ];
    for (const s of [held, decided]) await act('cs', s.id, 'claim');
    await act('cs', decided.id, 'approve');
    const before = await auditCount(t, 'kyc.rejected');
    const outcomes = await decideMany(t.app, kycDecisions, [decided.id, unclaimed.id, held.id], {
      actor: await demoActor(t, 'cs'),
      result: 'rejected',
      reason: 'Blurred photo',
      input: { reasonCode: 'other' },
    });
    expect(outcomes).toEqual([
      { id: held.id, outcome: 'rejected' },
      { id: unclaimed.id, outcome: 'skipped', error: 'You do not hold this submission. Claim it first.' },
      { id: decided.id, outcome: 'skipped', error: 'This submission was already approved' },
    ]);
    expect(await auditCount(t, 'kyc.rejected')).toBe(before + 1);
  });

  it('answers 409 to a decided submission and changes nothing', async () => {
    const s = await freshSubmission();
    await act('cs', s.id, 'claim');
    expect((await act('cs', s.id, 'approve')).statusCode).toBe(200);
    const audits = await auditCount(t, 'kyc.rejected');
    const again = await act('cs', s.id, 'reject', { reasonCode: 'other', comment: 'second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This submission was already approved');
    expect(await auditCount(t, 'kyc.rejected')).toBe(audits);
  });
});
