import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { activeScheme } from './schemes.test-kit';

const SCANS = 50;
const MEMBERS = 10;
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

describe('a scheme points budget under concurrent scans (PostgreSQL)', () => {
  it(`${SCANS} concurrent scans never spend past the budget; the exhausted scheme pays no more`, async () => {
    const product = await kit.product(2);
    // The budget covers 7 bonuses and 5 points: the 8th bonus would pass it and is not paid.
    const scheme = await activeScheme(
      t,
      { rule: 'fixed_bonus', bonusPoints: 10 },
      { productIds: [product.id], budgetPoints: 75, fundedBy: 'manufacturer' },
    );
    expect(scheme).toMatchObject({ budgetPoints: 75, budgetSpent: 0, fundedBy: 'manufacturer' });
    const codes = await activeCodes(t, product.id, SCANS);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => memberWithToken(t)));
    const answers = await Promise.all(
      codes.map((code, i) => scanAs(t, members[i % MEMBERS]!.token, { code })),
    );
    expect(answers.map((a) => a.json().result)).toEqual(Array(SCANS).fill('success'));
    const [paid] = await kit.sql(
      `select count(*)::int as n, coalesce(sum(amount), 0)::int as points from points_ledger
        where kind = 'scheme_bonus' and reference like $1`,
      [`scheme:${scheme.id}:%`],
    );
    expect(paid).toEqual({ n: 7, points: 70 });
    const row = await kit.ok(await t.as('admin', { method: 'GET', url: `/api/admin/schemes/${scheme.id}` }));
    expect(row).toMatchObject({ budgetPoints: 75, budgetSpent: 70, fundedBy: 'manufacturer' });
    const bad = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/schemes',
      payload: {
        name: 'Bad budget',
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        rule: 'fixed_bonus',
        bonusPoints: 5,
        budgetPoints: 0,
        fundedBy: 'distributor',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['budgetPoints']);
    const points = answers.map((a) => a.json().points as number).sort((a, b) => b - a);
    expect(points.filter((p) => p === 12)).toHaveLength(7);
    // Exhausted for a whole bonus: out of the schemes in force, so Coupon Stock no longer counts it.
    await kit.sql(`update schemes set budget_points = 70 where id = $1`, [scheme.id]);
    const [inForce] = await kit.sql('select scheme_points_per_scan($1, 2)::int as extra', [product.id]);
    expect(inForce!.extra).toBe(0);
  });

  it('a budget spent in shares: 150 concurrent scans against 128 bonuses pay exactly 128, no share past its slice', async () => {
    const product = await kit.product(2);
    // 1,280 points of 10-point bonuses: slices of 20 (a 64th), so the connections' shares run out and
    // take new slices while others charge, and the last slices are shared out at the end.
    const scheme = await activeScheme(
      t,
      { rule: 'fixed_bonus', bonusPoints: 10 },
      { productIds: [product.id], budgetPoints: 1280, fundedBy: 'distributor' },
    );
    const codes = await activeCodes(t, product.id, 150);
    const members = await Promise.all(Array.from({ length: 15 }, () => memberWithToken(t)));
    const answers = await Promise.all(codes.map((code, i) => scanAs(t, members[i % 15]!.token, { code })));
    expect(answers.map((a) => a.json().result)).toEqual(Array(150).fill('success'));
    expect(answers.filter((a) => a.json().points === 12)).toHaveLength(128);
    const [paid] = await kit.sql(
      `select count(*)::int as n, coalesce(sum(amount), 0)::int as points from points_ledger
        where kind = 'scheme_bonus' and reference like $1`,
      [`scheme:${scheme.id}:%`],
    );
    expect(paid).toEqual({ n: 128, points: 1280 });
    const [shares] = await kit.sql(
      `select count(*)::int as shares, sum(allotted)::int as allotted, sum(spent)::int as spent,
          bool_and(spent <= allotted) as within, (select budget_allotted from schemes where id = $1) as handed
        from scheme_budget_shares where scheme_id = $1`,
      [scheme.id],
    );
    expect(shares).toMatchObject({ allotted: 1280, spent: 1280, within: true, handed: 1280 });
    expect(shares!.shares).toBeGreaterThan(1);
    const row = await kit.ok(await t.as('admin', { method: 'GET', url: `/api/admin/schemes/${scheme.id}` }));
    expect(row.budgetSpent).toBe(1280);
    // Spent to the last point: out of the schemes in force.
    const [inForce] = await kit.sql('select scheme_points_per_scan($1, 2)::int as extra', [product.id]);
    expect(inForce!.extra).toBe(0);
  });
});
