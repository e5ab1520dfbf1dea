import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { setLimits } from '../points-limits/points-limits.test-kit';
import { redeem, redeemer } from '../redemptions/redemptions.test-kit';
import { runTierEvaluation } from './tier-evaluation';
import { setTierPolicy, TEST_TIERS } from './tiers.test-kit';

/** Tiers on PostgreSQL: the policy (setting kit), the multiplier in the scan, evaluation, overrides. */
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const policies = '/api/admin/tiers/policies';

const tierOf = async (memberId: number) =>
  (await kit.sql('select tier, tier_pinned as pinned from members where id = $1', [memberId]))[0] as {
    tier: string | null;
    pinned: boolean;
  };
const historyOf = async (memberId: number) =>
  (await kit.sql('select tier, reason from member_tiers where member_id = $1 order by id', [memberId])) as {
    tier: string;
    reason: string;
  }[];

describe('the tier policy (setting kit, maker-checker)', () => {
  it('refuses bad input by field, a role without the action and the requester approving', async () => {
    const bad = await t.as('admin', {
      method: 'POST',
      url: policies,
      payload: {
        periodMonths: 12,
        tiers: [
          { name: 'Base', nameHi: 'बेस', minPoints: 10, multiplier: 1 },
          { name: 'Silver', nameHi: 'सिल्वर', minPoints: 5, multiplier: 1.111 },
        ],
        effectiveFrom: todayInIndia(),
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'tiers.0.minPoints': 'The first tier starts at 0 points',
      'tiers.1.minPoints': 'Each tier needs more points than the one before',
      'tiers.1.multiplier': expect.any(String),
    });
    const cs = await t.as('cs', {
      method: 'POST',
      url: policies,
      payload: { periodMonths: 12, tiers: TEST_TIERS, effectiveFrom: todayInIndia() },
    });
    expect(cs.statusCode).toBe(403);
    const made = await t.as('admin', {
      method: 'POST',
      url: policies,
      payload: { periodMonths: 12, tiers: TEST_TIERS, effectiveFrom: todayInIndia() },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id as number;
    expect(
      (await t.as('admin', { method: 'POST', url: `${policies}/${id}/approve`, payload: {} })).statusCode,
    ).toBe(409);
    const ok = await t.as('almond team', { method: 'POST', url: `${policies}/${id}/approve`, payload: {} });
    expect(ok.json()).toMatchObject({ status: 'approved', inForce: true, periodMonths: 12 });
    expect(ok.json().tiers[2]).toMatchObject({ name: 'Gold', multiplier: 1.25, redeemMinBalance: 1000 });
    const audits = await kit.sql(
      `select action from audit_log where entity = 'tier_policy' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(audits.map((r) => r.action)).toEqual(['tiers.requested', 'tiers.approved']);
  });
});

describe('tiers in the scan', () => {
  it('evaluates on earning and credits the multiplier inside the scan, rounded down', async () => {
    await setTierPolicy(t);
    const product = await kit.product(60);
    const codes = await activeCodes(t, product.id, 3);
    const member = await memberWithToken(t);
    const points: number[] = [];
    for (const code of codes) {
      const res = await scanAs(t, member.token, { code });
      expect(res.json().result).toBe('success');
      points.push(res.json().points as number);
    }
    // 60 (Base) → 120 earned reaches Silver on the second scan → the third earns 60 × 1.10 = 66.
    expect(points).toEqual([60, 60, 66]);
    const ledger = await kit.sql(
      `select amount from points_ledger where member_id = $1 and kind = 'scan' order by id`,
      [member.id],
    );
    expect(ledger.map((r) => r.amount)).toEqual([60, 60, 66]);
    expect(await tierOf(member.id)).toEqual({ tier: 'Silver', pinned: false });
    expect(await historyOf(member.id)).toEqual([{ tier: 'Silver', reason: 'evaluated' }]);

    // Gold: 10 base points × 1.25 = 12.5, credited as 12.
    await kit.sql(`update members set tier = 'Gold' where id = $1`, [member.id]);
    const small = await kit.product(10);
    const [code] = await activeCodes(t, small.id, 1);
    const res = await scanAs(t, member.token, { code });
    expect(res.json()).toMatchObject({ result: 'success', points: 12 });

    // The member API: tier, benefits and progress.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/app/tier',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(me.json()).toMatchObject({ name: 'Gold', nameHi: 'गोल्ड', earned: 198, next: null });
  });

  it('keeps the daily cap on the multiplied points', async () => {
    await setTierPolicy(t);
    await setLimits(t, { scanPointsPerDay: 100 });
    const product = await kit.product(40);
    const codes = await activeCodes(t, product.id, 3);
    const member = await memberWithToken(t);
    await kit.sql(`update members set tier = 'Gold', tier_pinned = true where id = $1`, [member.id]);
    const results = [];
    for (const code of codes) results.push((await scanAs(t, member.token, { code })).json());
    // 40 × 1.25 = 50 a scan: two fit a cap of 100, the third is refused.
    expect(results.map((r) => [r.result, r.points])).toEqual([
      ['success', 50],
      ['success', 50],
      ['daily_cap_reached', 0],
    ]);
    await setLimits(t, {});
  });
});

describe('the nightly evaluation', () => {
  it('counts scan credits in the period only (not the balance, not refunds), and twice at once = once', async () => {
    await setTierPolicy(t);
    const scanner = await memberWithToken(t);
    const rich = await redeemer(t, { balance: 50_000 });
    const product = await kit.product(300);
    const codes = await activeCodes(t, product.id, 2);
    for (const code of codes)
      expect((await scanAs(t, scanner.token, { code })).json().result).toBe('success');
    // A refund credits the balance and never a tier: the rich member redeems and is refunded.
    const asked = await redeem(t, rich.token, { kind: 'cash', points: 1000, payout: 'bank' });
    expect(asked.statusCode).toBe(200);
    await kit.sql(`select post_points($1, 1000, 'redemption_refund', $2)`, [
      rich.id,
      `redemption:${asked.json().id}`,
    ]);
    // Old scans leave the period: a scan 13 months ago counts for nothing.
    const old = await memberWithToken(t);
    await kit.sql(
      `insert into coupon_scans (member_id, code, result, points, created_at)
       values ($1, 'OLD', 'success', 5000, now() - interval '13 months')`,
      [old.id],
    );
    await kit.sql(`update members set tier = null, tier_earned = 0, tier_pinned = false where id = any($1)`, [
      [scanner.id, rich.id, old.id],
    ]);
    await kit.sql(`delete from member_tiers where member_id = any($1)`, [[scanner.id, rich.id, old.id]]);

    await Promise.all([
      runTierEvaluation(t.database, { membersPerRound: 7 }),
      runTierEvaluation(t.database, { membersPerRound: 11 }),
    ]);
    expect((await tierOf(scanner.id)).tier).toBe('Gold');
    expect((await tierOf(rich.id)).tier).toBe('Base');
    expect((await tierOf(old.id)).tier).toBe('Base');
    expect(await historyOf(scanner.id)).toEqual([{ tier: 'Gold', reason: 'evaluated' }]);
    expect(await historyOf(rich.id)).toEqual([{ tier: 'Base', reason: 'evaluated' }]);
    const [figure] = await kit.sql('select tier_earned as earned from members where id = $1', [scanner.id]);
    // 300 at Base, then 300 × 1.10 = 330 at Silver.
    expect(figure!.earned).toBe(630);
    // Again: nothing changes, no history is added.
    const before = await kit.sql('select count(*)::int as n from member_tiers');
    await runTierEvaluation(t.database);
    expect(await kit.sql('select count(*)::int as n from member_tiers')).toEqual(before);
  });
});

describe('a manual override (maker-checker)', () => {
  it('needs a second person, a role with the action, a tier of the policy; pins the tier with history', async () => {
    await setTierPolicy(t);
    const member = await memberWithToken(t);
    const url = `/api/admin/users/${member.id}/tier-override`;
    const cs = await t.as('cs', { method: 'POST', url, payload: { tier: 'Gold', reason: 'Key account' } });
    expect(cs.statusCode).toBe(403);
    const unknown = await t.as('admin', { method: 'POST', url, payload: { tier: 'Platinum', reason: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ tier: 'Choose a tier of the policy in force' });
    const noReason = await t.as('admin', { method: 'POST', url, payload: { tier: 'Gold', reason: '' } });
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
    const made = await t.as('admin', {
      method: 'POST',
      url,
      payload: { tier: 'Gold', reason: 'Key account' },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id as number;
    expect((await tierOf(member.id)).tier).toBeNull();
    const own = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/tiers/overrides/${id}/approve`,
      payload: {},
    });
    expect(own.statusCode).toBe(409);
    const csDecides = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/tiers/overrides/${id}/approve`,
      payload: {},
    });
    expect(csDecides.statusCode).toBe(403);
    const ok = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/tiers/overrides/${id}/approve`,
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', currentTier: 'Gold' });
    expect(await tierOf(member.id)).toEqual({ tier: 'Gold', pinned: true });
    // Evaluation leaves a pinned tier alone.
    await runTierEvaluation(t.database);
    expect(await tierOf(member.id)).toEqual({ tier: 'Gold', pinned: true });
    const detail = await t.as('cs', { method: 'GET', url: `/api/admin/users/${member.id}/tier` });
    expect(detail.json()).toMatchObject({
      tier: 'Gold',
      pinned: true,
      history: [{ tier: 'Gold', reason: 'override', overrideReason: 'Key account' }],
    });
    const audits = await kit.sql(
      `select action from audit_log where entity = 'tier_override' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(audits.map((r) => r.action)).toEqual(['tiers.override_requested', 'tiers.override_approved']);
  });
});

describe('the lower redemption minimum', () => {
  it("applies the tier's minimum when lower than the programme's", async () => {
    await setTierPolicy(t);
    await setLimits(t, { redeemMinBalance: 5000 });
    const base = await redeemer(t, { balance: 2000 });
    const refused = await redeem(t, base.token, { kind: 'cash', points: 1000, payout: 'bank' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      balance: 'You need a balance of at least 5,000 points to redeem',
    });
    const gold = await redeemer(t, { balance: 2000 });
    await kit.sql(`update members set tier = 'Gold', tier_pinned = true where id = $1`, [gold.id]);
    const ok = await redeem(t, gold.token, { kind: 'cash', points: 1000, payout: 'bank' });
    expect(ok.statusCode).toBe(200);
    await setLimits(t, {});
  });
});
