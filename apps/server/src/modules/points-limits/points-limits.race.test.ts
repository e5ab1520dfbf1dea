import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { redeem, redeemer } from '../redemptions/redemptions.test-kit';
import { activeScheme } from '../schemes/schemes.test-kit';
import { setLimits } from './points-limits.test-kit';

/** Caps and limits under concurrency, on PostgreSQL: every scan and request at once. */
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

function count(values: string[]): Record<string, number> {
  const n: Record<string, number> = {};
  for (const v of values) n[v] = (n[v] ?? 0) + 1;
  return n;
}

describe('caps under concurrent scans', () => {
  it('36 concurrent scans by 3 members: each earns exactly its daily cap, the rest refused', async () => {
    const product = await kit.product(10);
    await setLimits(t, { scanPointsPerDay: 50, scanPointsPerMonth: 1000 });
    const codes = await activeCodes(t, product.id, 36);
    const members = await Promise.all([0, 1, 2].map(() => memberWithToken(t)));
    const answers = await Promise.all(codes.map((code, i) => scanAs(t, members[i % 3]!.token, { code })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(36).fill(200));
    for (const [i, member] of members.entries()) {
      const mine = answers.filter((_, j) => j % 3 === i).map((a) => a.json().result as string);
      expect(count(mine)).toEqual({ success: 5, daily_cap_reached: 7 });
      const [earned] = await kit.sql(
        `select coalesce(sum(amount), 0)::int as points from points_ledger where member_id = $1 and kind = 'scan'`,
        [member.id],
      );
      expect(earned!.points).toBe(50);
    }
    const [coupons] = await kit.sql(
      `select count(*) filter (where status = 'scanned')::int as scanned,
         count(*) filter (where status = 'active')::int as active from coupons where code = any($1)`,
      [codes],
    );
    expect(coupons).toEqual({ scanned: 15, active: 21 });
    // The batch counters moved only for the credited scans.
    const [counted] = await kit.sql(
      `select coalesce(sum(n), 0)::int as n from coupon_counts cc join coupons c on c.batch_id = cc.batch_id
        where c.code = $1 and cc.status = 'scanned'`,
      [codes[0]],
    );
    const [actual] = await kit.sql(
      `select count(*)::int as n from coupons where batch_id = (select batch_id from coupons where code = $1)
        and status = 'scanned'`,
      [codes[0]],
    );
    expect(counted!.n).toBe(actual!.n);
  });

  it('a first scan paying a referral and the referrer scanning, both under a scheme budget: no deadlock', async () => {
    await setLimits(t, {});
    await kit.ok(
      await t.as('almond team', {
        method: 'POST',
        url: '/api/admin/referral/settings',
        payload: {
          referrerPoints: 80,
          refereePoints: 40,
          trigger: 'first_scan',
          effectiveFrom: todayInIndia(),
        },
      }),
    );
    const product = await kit.product(5);
    const scheme = await activeScheme(
      t,
      { rule: 'fixed_bonus', bonusPoints: 1 },
      { productIds: [product.id], budgetPoints: 100_000, fundedBy: 'manufacturer' },
    );
    const PAIRS = 12;
    const codes = await activeCodes(t, product.id, PAIRS * 2);
    const pairs = [];
    for (let i = 0; i < PAIRS; i++) {
      const referrer = await memberWithToken(t);
      pairs.push({ referrer, newcomer: await memberWithToken(t, { referredBy: referrer.id }) });
    }
    const answers = await Promise.all(
      pairs.flatMap(({ referrer, newcomer }, i) => [
        scanAs(t, newcomer.token, { code: codes[2 * i] }),
        scanAs(t, referrer.token, { code: codes[2 * i + 1] }),
      ]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(PAIRS * 2).fill(200));
    expect(answers.map((a) => a.json().result)).toEqual(Array(PAIRS * 2).fill('success'));
    for (const { referrer, newcomer } of pairs) {
      const [r] = await kit.sql('select balance from members where id = $1', [referrer.id]);
      const [n] = await kit.sql('select balance from members where id = $1', [newcomer.id]);
      expect([r!.balance, n!.balance]).toEqual([5 + 1 + 80, 5 + 1 + 40]);
    }
    const [spent] = await kit.sql('select scheme_budget_spent($1) as budget_spent', [scheme.id]);
    expect(spent!.budget_spent).toBe(PAIRS * 2);
  });
});

describe('redemption limits under concurrent requests', () => {
  it('10 concurrent requests of 1,000 points against a monthly limit of 2,500: exactly 2 pass', async () => {
    await setLimits(t, { redeemPointsPerMonth: 2500 });
    const member = await redeemer(t, { balance: 20_000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        redeem(t, member.token, { kind: 'cash', points: 1000, payout: 'bank' }),
      ),
    );
    expect(count(answers.map((a) => String(a.statusCode)))).toEqual({ '200': 2, '400': 8 });
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(Object.keys(a.json().fields)).toEqual(['points']);
    const [held] = await kit.sql(
      `select coalesce(-sum(amount), 0)::int as points from points_ledger where member_id = $1 and kind = 'redemption_hold'`,
      [member.id],
    );
    expect(held!.points).toBe(2000);
  });
});
