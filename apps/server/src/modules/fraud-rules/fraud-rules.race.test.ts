import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { setFraudRules } from './fraud-rules.test-kit';

/** The scans-per-hour rule under concurrency, on PostgreSQL: every scan at once. */
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

describe('scans per member per hour under concurrent scans', () => {
  it('refuse: 30 concurrent scans by 2 members: each gets exactly its limit credited', async () => {
    await setFraudRules(t, { scansPerHour: 4, scansPerHourAction: 'refuse' });
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 30);
    const members = await Promise.all([0, 1].map(() => memberWithToken(t)));
    const answers = await Promise.all(codes.map((code, i) => scanAs(t, members[i % 2]!.token, { code })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    for (const [i, member] of members.entries()) {
      const mine = answers.filter((_, j) => j % 2 === i).map((a) => a.json().result as string);
      expect(count(mine)).toEqual({ success: 4, too_many_scans: 11 });
      const [earned] = await kit.sql(
        `select coalesce(sum(amount), 0)::int as points from points_ledger where member_id = $1 and kind = 'scan'`,
        [member.id],
      );
      expect(earned!.points).toBe(40);
    }
    const [coupons] = await kit.sql(
      `select count(*) filter (where status = 'scanned')::int as scanned,
         count(*) filter (where status = 'active')::int as active from coupons where code = any($1)`,
      [codes],
    );
    expect(coupons).toEqual({ scanned: 8, active: 22 });
  });

  it('flag: 12 concurrent scans by one member: all credited, exactly those past the limit flagged', async () => {
    await setFraudRules(t, { scansPerHour: 5, scansPerHourAction: 'flag' });
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 12);
    const member = await memberWithToken(t);
    const answers = await Promise.all(codes.map((code) => scanAs(t, member.token, { code })));
    expect(count(answers.map((a) => a.json().result as string))).toEqual({ success: 12 });
    const [flagged] = await kit.sql(
      `select count(*) filter (where 'too_many_per_hour' = any(flags))::int as n from coupon_scans where member_id = $1`,
      [member.id],
    );
    expect(flagged!.n).toBe(7);
  });
});
