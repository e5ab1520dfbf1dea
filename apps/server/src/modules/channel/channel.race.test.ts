import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { activeScheme } from '../schemes/schemes.test-kit';

const SCANS = 50;
const PARTNERS = 10;
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const codeOf = async (id: number) =>
  String((await kit.sql('select code from members where id = $1', [id]))[0]!.code);
const attach = async (partnerId: number, dealerCode: string | null) =>
  kit.ok(
    await t.as('cs', {
      method: 'PUT',
      url: `/api/admin/members/${partnerId}/dealer`,
      payload: { dealerCode },
    }),
  );
const sharesOf = (schemeId: number) =>
  kit.sql(
    `select e.member_id as dealer, e.amount, e.reference, cs.member_id as partner from points_ledger e
      join coupon_scans cs on cs.coupon_serial = split_part(e.reference, ':', 3)::bigint and cs.result = 'success'
      where e.kind = 'dealer_share' and e.reference like $1`,
    [`dealer-share:${schemeId}:%`],
  );

describe('dealer share under concurrent partner scans (PostgreSQL)', () => {
  it(`${SCANS} concurrent scans by partners of one dealer post exactly the budget, each share once`, async () => {
    const product = await kit.product(20);
    const dealer = await memberWithToken(t, { type: 'dealer' });
    const dealerCode = await codeOf(dealer.id);
    const partners = await Promise.all(Array.from({ length: PARTNERS }, () => memberWithToken(t)));
    for (const p of partners) await attach(p.id, dealerCode);
    // 10 points a partner scan, 75 in the budget: 7 shares fit, the 8th would pass it.
    const scheme = await activeScheme(
      t,
      { rule: 'dealer_share', bonusPoints: 10 },
      { productIds: [product.id], budgetPoints: 75, fundedBy: 'manufacturer' },
    );
    const codes = await activeCodes(t, product.id, SCANS);
    const answers = await Promise.all(
      codes.map((code, i) => scanAs(t, partners[i % PARTNERS]!.token, { code })),
    );
    expect(answers.map((a) => a.json().result)).toEqual(Array(SCANS).fill('success'));
    // The partner earns his own points only; the share is the dealer's.
    expect(new Set(answers.map((a) => a.json().points))).toEqual(new Set([20]));
    const shares = await sharesOf(scheme.id);
    expect(shares).toHaveLength(7);
    expect(shares.every((s) => s.dealer === dealer.id && s.amount === 10)).toBe(true);
    expect(new Set(shares.map((s) => s.reference)).size).toBe(7);
    const [balance] = await kit.sql('select balance from members where id = $1', [dealer.id]);
    expect(balance!.balance).toBe(70);
    const row = await kit.ok(await t.as('admin', { method: 'GET', url: `/api/admin/schemes/${scheme.id}` }));
    expect(row.budgetSpent).toBe(70);
  });

  it('never pays a dealer the partner left (or moved from) before the scan', async () => {
    const product = await kit.product(10);
    const [dealer, other] = await Promise.all([
      memberWithToken(t, { type: 'dealer' }),
      memberWithToken(t, { type: 'retailer' }),
    ]);
    const [dealerCode, otherCode] = await Promise.all([codeOf(dealer.id), codeOf(other.id)]);
    const partners = await Promise.all(Array.from({ length: 30 }, () => memberWithToken(t)));
    for (const p of partners) await attach(p.id, dealerCode);
    const scheme = await activeScheme(
      t,
      { rule: 'dealer_share', sharePercent: 50 },
      { productIds: [product.id] },
    );
    const codes = await activeCodes(t, product.id, partners.length);
    // A third leave and then scan; a third move to the other dealer and then scan; a third leave while
    // they scan (either order may win: the share follows whichever committed first).
    const left = partners.slice(0, 10);
    const moved = partners.slice(10, 20);
    const racing = partners.slice(20);
    await Promise.all([
      ...left.map(async (p, i) => {
        await attach(p.id, null);
        return scanAs(t, p.token, { code: codes[i]! });
      }),
      ...moved.map(async (p, i) => {
        await attach(p.id, otherCode);
        return scanAs(t, p.token, { code: codes[10 + i]! });
      }),
      ...racing.flatMap((p, i) => [attach(p.id, null), scanAs(t, p.token, { code: codes[20 + i]! })]),
    ]);
    const shares = await sharesOf(scheme.id);
    const byPartner = new Map(shares.map((s) => [s.partner, s]));
    for (const p of left) expect(byPartner.has(p.id)).toBe(false);
    for (const p of moved) expect(byPartner.get(p.id)).toMatchObject({ dealer: other.id, amount: 5 });
    // A racing partner's share went to the dealer he had when his scan locked him, once.
    for (const p of racing) {
      const share = byPartner.get(p.id);
      if (share) expect(share).toMatchObject({ dealer: dealer.id, amount: 5 });
    }
    expect(shares).toHaveLength(new Set(shares.map((s) => s.reference)).size);
    // Every partner's history: attached by staff, ended by staff.
    const history = await kit.ok(
      await t.as('cs', { method: 'GET', url: `/api/admin/members/${moved[0]!.id}/hierarchy` }),
    );
    expect(history).toMatchObject({ dealer: { id: other.id }, isDealer: false });
    expect(
      (history.history as { dealerId: number; linkedVia: string; endedAt: string | null }[]).map((h) => [
        h.dealerId,
        h.linkedVia,
        h.endedAt === null,
      ]),
    ).toEqual([
      [other.id, 'staff', true],
      [dealer.id, 'staff', false],
    ]);
  });
});
