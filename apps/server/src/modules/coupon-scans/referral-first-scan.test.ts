import { todayInIndia } from '@app/contract/format';
import type { ReferralTrigger } from '@app/contract/points-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';

/** The referral trigger "first scan" (PRODUCT.md §3.4) is applied by the scan itself. */
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  productId = (await kit.product(10)).id;
});
afterAll(() => t.close());

const setTrigger = async (trigger: ReferralTrigger) =>
  kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/referral/settings',
      payload: { referrerPoints: 80, refereePoints: 40, trigger, effectiveFrom: todayInIndia() },
    }),
  );

/** A referrer and the member they referred, who can scan. */
async function referredPair() {
  const referrer = await memberWithToken(t);
  const newcomer = await memberWithToken(t, { referredBy: referrer.id });
  return { referrer, newcomer };
}

const referralEntries = async (memberId: number) =>
  kit.sql(
    "select member_id::int, amount, reference from points_ledger where kind = 'referral' and reference like $1 order by reference",
    [`referral:${memberId}:%`],
  );

const balanceOf = async (memberId: number) =>
  Number((await kit.sql('select balance from members where id = $1', [memberId]))[0]!.balance);

describe('referral on the first scan', () => {
  it('pays the referrer and the new member once, on the first successful scan only', async () => {
    await setTrigger('first_scan');
    const { referrer, newcomer } = await referredPair();
    const codes = await activeCodes(t, productId, 3);
    const bad = await scanAs(t, newcomer.token, { code: 'NOTACODE1234' });
    expect(bad.json().result).toBe('invalid_code');
    expect(await referralEntries(newcomer.id)).toEqual([]);
    for (const code of codes)
      expect((await scanAs(t, newcomer.token, { code })).json().result).toBe('success');
    expect(await referralEntries(newcomer.id)).toEqual([
      { member_id: newcomer.id, amount: 40, reference: `referral:${newcomer.id}:referee` },
      { member_id: referrer.id, amount: 80, reference: `referral:${newcomer.id}:referrer` },
    ]);
    expect(await balanceOf(referrer.id)).toBe(80);
    expect(await balanceOf(newcomer.id)).toBe(3 * 10 + 40);
  });

  it('pays nothing on a scan when the setting names another trigger, or the member was not referred', async () => {
    const alone = await memberWithToken(t);
    const [first] = await activeCodes(t, productId, 1);
    await scanAs(t, alone.token, { code: first! });
    expect(await referralEntries(alone.id)).toEqual([]);
    await setTrigger('kyc_approved');
    const { newcomer } = await referredPair();
    const [code] = await activeCodes(t, productId, 1);
    expect((await scanAs(t, newcomer.token, { code: code! })).json().result).toBe('success');
    expect(await referralEntries(newcomer.id)).toEqual([]);
  });
});

describe('concurrent first scans (PostgreSQL)', () => {
  it('pay the referral once: 10 referred members, each scanning 8 codes at once', async () => {
    await setTrigger('first_scan');
    const pairs = await Promise.all(Array.from({ length: 10 }, referredPair));
    const codes = await activeCodes(t, productId, 80);
    await Promise.all(
      pairs.flatMap(({ newcomer }, i) =>
        codes.slice(i * 8, i * 8 + 8).map((code) => scanAs(t, newcomer.token, { code })),
      ),
    );
    for (const { referrer, newcomer } of pairs) {
      const entries = await referralEntries(newcomer.id);
      expect(entries.map((e) => e.amount).sort()).toEqual([40, 80]);
      expect(await balanceOf(referrer.id)).toBe(80);
      expect(await balanceOf(newcomer.id)).toBe(8 * 10 + 40);
    }
  });
});
