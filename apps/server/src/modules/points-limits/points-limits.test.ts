import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { redeem, redeemer } from '../redemptions/redemptions.test-kit';
import { activeScheme } from '../schemes/schemes.test-kit';
import { setLimits } from './points-limits.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const url = '/api/admin/points-limits';

describe('caps and limits as a maker-checker setting', () => {
  it('refuses bad input by field, a role without the action, the requester approving; audits', async () => {
    const bad = await t.as('admin', {
      method: 'POST',
      url,
      payload: { scanPointsPerDay: 0, effectiveFrom: todayInIndia() },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['scanPointsPerDay']);
    const dayAboveMonth = await t.as('admin', {
      method: 'POST',
      url,
      payload: { scanPointsPerDay: 50, scanPointsPerMonth: 40, effectiveFrom: todayInIndia() },
    });
    expect(dayAboveMonth.json().fields).toEqual({
      scanPointsPerDay: 'The daily cap cannot be above the monthly cap',
    });
    const past = await t.as('admin', { method: 'POST', url, payload: { effectiveFrom: '2020-01-01' } });
    expect(Object.keys(past.json().fields)).toEqual(['effectiveFrom']);
    const cs = await t.as('cs', { method: 'POST', url, payload: { effectiveFrom: todayInIndia() } });
    expect(cs.statusCode).toBe(403);
    expect((await t.as('cs', { method: 'GET', url })).statusCode).toBe(403);

    const made = await t.as('admin', {
      method: 'POST',
      url,
      payload: { redeemMinBalance: 5000, effectiveFrom: todayInIndia() },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id as number;
    expect(made.json()).toMatchObject({ status: 'pending', inForce: false, redeemMinBalance: 5000 });
    expect(
      (await t.as('admin', { method: 'POST', url: `${url}/${id}/approve`, payload: {} })).statusCode,
    ).toBe(409);
    const noReason = await t.as('almond team', { method: 'POST', url: `${url}/${id}/reject`, payload: {} });
    expect(noReason.json().fields).toEqual({ reason: 'Give a reason' });
    const rejected = await t.as('almond team', {
      method: 'POST',
      url: `${url}/${id}/reject`,
      payload: { reason: 'Too high' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', inForce: false });
    const again = await t.as('almond team', { method: 'POST', url: `${url}/${id}/approve`, payload: {} });
    expect(again.statusCode).toBe(409);
    const { rows } = await t.database.executeSql(
      `select action from audit_log where entity = 'points_limits' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['points_limits.requested', 'points_limits.rejected']);
    const list = await t.as('admin', { method: 'GET', url });
    expect(list.json().rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      decisionReason: 'Too high',
    });
  });
});

describe('caps on points earned by scans', () => {
  it('refuses a scan past the daily cap with its reason; the coupon stays scannable', async () => {
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 4);
    await setLimits(t, { scanPointsPerDay: 25 });
    const member = await memberWithToken(t);
    const first = (await scanAs(t, member.token, { code: codes[0] })).json();
    const second = (await scanAs(t, member.token, { code: codes[1] })).json();
    const third = (await scanAs(t, member.token, { code: codes[2] })).json();
    expect([first.result, second.result, third.result]).toEqual(['success', 'success', 'daily_cap_reached']);
    expect(third).toMatchObject({
      points: 0,
      message: "You have reached today's limit of points from scans; scan this code again tomorrow",
    });
    const [coupon] = await kit.sql('select status from coupons where code = $1', [codes[2]]);
    expect(coupon!.status).toBe('active');
    const other = await memberWithToken(t);
    expect((await scanAs(t, other.token, { code: codes[2] })).json().result).toBe('success');
    const [counts] = await kit.sql(
      `select result, points from coupon_scans where member_id = $1 and coupon_serial is not null order by id desc limit 1`,
      [member.id],
    );
    expect(counts).toEqual({ result: 'daily_cap_reached', points: null });
  });

  it('the monthly cap says so; a bonus is cut to the room the cap leaves', async () => {
    const product = await kit.product(2);
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 10 }, { productIds: [product.id] });
    const codes = await activeCodes(t, product.id, 3);
    await setLimits(t, { scanPointsPerMonth: 15 });
    const member = await memberWithToken(t);
    const answers = [];
    for (const code of codes) answers.push((await scanAs(t, member.token, { code })).json());
    // 2 + 10, then 2 + 1 (the bonus cut to the 3 points left), then nothing left for a base of 2.
    expect(answers.map((a) => [a.result, a.points])).toEqual([
      ['success', 12],
      ['success', 3],
      ['monthly_cap_reached', 0],
    ]);
    const [earned] = await kit.sql(
      `select sum(amount)::int as points from points_ledger where member_id = $1 and kind in ('scan', 'scheme_bonus')`,
      [member.id],
    );
    expect(earned!.points).toBe(15);
  });
});

describe('redemption limits', () => {
  it('refuses below the minimum balance and past the monthly limit, naming the field, in Hindi too', async () => {
    await setLimits(t, { redeemMinBalance: 3000, redeemPointsPerMonth: 2500 });
    const poor = await redeemer(t, { balance: 2500 });
    const low = await redeem(t, poor.token, { kind: 'cash', points: 1000, payout: 'bank' });
    expect(low.statusCode).toBe(400);
    expect(low.json().fields).toEqual({
      balance: 'You need a balance of at least 3,000 points to redeem',
    });
    const rich = await redeemer(t, { balance: 9000 });
    const a = await redeem(t, rich.token, { kind: 'cash', points: 1500, payout: 'bank' });
    expect(a.statusCode).toBe(200);
    const b = await redeem(t, rich.token, { kind: 'cash', points: 1500, payout: 'bank' });
    expect(b.statusCode).toBe(400);
    expect(b.json().fields).toEqual({
      points: 'You can redeem up to 2,500 points a month; 1,000 left this month',
    });
    // A cancelled request gives its room back.
    await kit.ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/app/redemptions/${a.json().id}/cancel`,
        headers: { authorization: `Bearer ${rich.token}` },
      }),
    );
    expect((await redeem(t, rich.token, { kind: 'cash', points: 2500, payout: 'bank' })).statusCode).toBe(
      200,
    );
    await kit.sql(`update members set language = 'hi' where id = $1`, [poor.id]);
    const hindi = await redeem(t, poor.token, { kind: 'cash', points: 1000, payout: 'bank' });
    expect(hindi.json().fields.balance).toBe('रिडीम करने के लिए कम से कम 3,000 पॉइंट्स का बैलेंस चाहिए');
  });
});
