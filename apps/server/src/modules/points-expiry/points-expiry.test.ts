import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember, registerMember, smsInbox } from '../members/members.test-kit';
import { lotsOf, post } from './expiry.test-kit';
import { queueExpiryReminders } from './points-expiry.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const policies = '/api/admin/points-expiry/policies';

describe('the expiry policy (maker-checker)', () => {
  it('refuses bad input by field, a role without the action, and the requester approving', async () => {
    const bad = await t.as('admin', { method: 'POST', url: policies, payload: { rule: 'rolling_months' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ effectiveFrom: expect.any(String) });
    const past = await t.as('admin', {
      method: 'POST',
      url: policies,
      payload: { rule: 'rolling_months', months: 12, effectiveFrom: '2020-01-01' },
    });
    expect(past.json().fields).toEqual({
      effectiveFrom: 'The policy can only take effect from today or later',
    });
    const cs = await t.as('cs', {
      method: 'POST',
      url: policies,
      payload: { rule: 'never', effectiveFrom: todayInIndia() },
    });
    expect(cs.statusCode).toBe(403);

    const made = await t.as('admin', {
      method: 'POST',
      url: policies,
      payload: { rule: 'rolling_months', months: 6, effectiveFrom: todayInIndia() },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id as number;
    const own = await t.as('admin', { method: 'POST', url: `${policies}/${id}/approve`, payload: {} });
    expect(own.statusCode).toBe(409);
    const noReason = await t.as('almond team', {
      method: 'POST',
      url: `${policies}/${id}/reject`,
      payload: {},
    });
    expect(noReason.json().fields).toEqual({ reason: 'Give a reason' });
    const ok = await t.as('almond team', { method: 'POST', url: `${policies}/${id}/approve`, payload: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', inForce: true, months: 6 });
    const again = await t.as('almond team', {
      method: 'POST',
      url: `${policies}/${id}/approve`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const list = await t.as('cs', { method: 'GET', url: policies });
    expect(list.statusCode).toBe(403);
    const { rows } = await t.database.executeSql(
      `select action from audit_log where entity = 'points_expiry_policy' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['points_expiry.requested', 'points_expiry.approved']);
  });

  it('points earned now expire under it; the member sees them; reminders go once; liability by month', async () => {
    const member = await registerMember(t, smsInbox(t));
    await post(t, member.id, 40, 'joining', `test-lot:${member.id}`);
    const [lot] = await lotsOf(t, member.id);
    const months = (lot!.expiresAt!.getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.1);
    await t.database.executeSql(
      `update points_lots set expires_at = now() + interval '5 days' where id = $1`,
      [lot!.id],
    );
    const profile = await asMember(t, member.token, { method: 'GET', url: '/api/app/profile' });
    expect(profile.json().expiring).toMatchObject({ within30Days: 40, next: [{ points: 40 }] });
    const mine = await asMember(t, member.token, { method: 'GET', url: '/api/app/points/expiring' });
    expect(mine.json().within30Days).toBe(40);

    await queueExpiryReminders(t.app);
    await queueExpiryReminders(t.app);
    const { rows } = await t.database.executeSql(
      `select cause_kind from member_messages where member_id = $1 and template_key = 'points.expiring'`,
      [member.id],
    );
    expect(rows.map((r) => r.cause_kind)).toEqual(['points.expiring.7d']);

    const dashboard = (await t.as('admin', { method: 'GET', url: '/api/admin/dashboard' })).json();
    const soon = dashboard.cards.find((c: { key: string }) => c.key === 'pointsExpiry.within30Days');
    expect(soon.value).toBeGreaterThanOrEqual(40);
    const cs = (await t.as('cs', { method: 'GET', url: '/api/admin/dashboard' })).json();
    expect(cs.cards.some((c: { group: string }) => c.group === 'Points expiry')).toBe(false);

    const liability = await t.as('admin', { method: 'GET', url: '/api/admin/points-expiry/liability' });
    expect(liability.statusCode).toBe(200);
    expect(
      liability.json().rows.reduce((s: number, r: { points: number }) => s + r.points, 0),
    ).toBeGreaterThanOrEqual(40);
  });
});
