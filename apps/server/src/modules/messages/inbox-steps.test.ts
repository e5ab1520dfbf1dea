import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { kycBody, submitKyc } from '../kyc/kyc.test-kit';
import { asMember, registerMember, smsInbox } from '../members/members.test-kit';
import { redeemer } from '../redemptions/redemptions.test-kit';
import { holdingRules, latestHold } from '../scan-holds/scan-holds.test-kit';

/**
 * One inbox: every step message the outbox sends a member (registration, KYC, redemption steps, a
 * cleared hold...) is also in the app's Messages, in the member's language; the one-time code is not.
 * A held scan is told as held with its reason, and clearing it tells the member.
 */
let t: TestApp;
let sms: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  sms = smsInbox(t);
});
afterAll(() => t?.close());

const inboxOf = async (token: string) => {
  const res = await asMember(t, token, { url: '/api/app/inbox' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { title: string; body: string; readAt: string | null }[];
};

describe('the inbox', () => {
  it('gets the registration and KYC decisions, never the one-time code', async () => {
    const m = await registerMember(t, sms);
    expect(await inboxOf(m.token)).toEqual([]);
    const approved = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/pending-users/approve',
      payload: { ids: [m.id] },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const kyc = await submitKyc(t, m.token, await kycBody(t, m.token));
    expect(kyc.statusCode, kyc.body).toBe(200);
    for (const step of ['claim', 'approve'])
      expect(
        (await t.as('cs', { method: 'POST', url: `/api/admin/kyc/${kyc.json().id}/${step}`, payload: {} }))
          .statusCode,
      ).toBe(200);
    const items = await inboxOf(m.token);
    expect(items.map((i) => i.title)).toEqual(['KYC verified', 'Registration approved']);
    expect(items[0]!.body).toBe('Dear Ravi Kumar, your Action Tesa KYC is verified.');
    expect(items.every((i) => i.readAt === null)).toBe(true);
    // Retrying a cause adds nothing: one inbox row per cause and event.
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from inbox_messages where member_id = $1',
      [m.id],
    );
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('tells a held scan with its reason and today’s count, and tells the member when it is cleared', async () => {
    const scan = await holdingRules(t);
    const m = await redeemer(t);
    const first = await scan(m.token, 40);
    expect(first).toMatchObject({ result: 'success', heldPoints: 0, holdRules: [], todayCodes: 1 });
    const held = await scan(m.token, 25);
    expect(held).toMatchObject({
      result: 'success',
      heldPoints: 25,
      holdRules: ['too_many_per_hour'],
      todayCodes: 2,
    });
    expect(held.message).toBe(
      'Points credited and held for review: redeemable once cleared (reason: many scans in one hour)',
    );

    const hold = await latestHold(t, m.id);
    for (const step of ['claim', 'clear'])
      expect(
        (await t.as('cs', { method: 'POST', url: `/api/admin/scan-holds/${hold.id}/${step}` })).statusCode,
      ).toBe(200);
    const { rows } = await t.database.executeSql(
      `select template_key as key, variables->>'points' as points from member_messages
       where member_id = $1 and cause_kind = 'scan_hold.cleared'`,
      [m.id],
    );
    expect(rows).toEqual([{ key: 'scan.hold_cleared', points: '25' }]);
    const [cleared] = await inboxOf(m.token);
    expect(cleared!.title).toBe('Points cleared');
    expect(cleared!.body).toMatch(/^Action Tesa: the 25 points of your scan \S+ are cleared after review/);
  });
});
