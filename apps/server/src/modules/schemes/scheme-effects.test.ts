import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { activeScheme, dayIst } from './schemes.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const ledger = (memberId: number) =>
  kit.sql('select kind, amount, reference, note from points_ledger where member_id = $1 order by id', [
    memberId,
  ]);

describe('schemes on scans', () => {
  it('applies the highest multiplier plus every fixed bonus, in the scan’s transaction, once', async () => {
    const product = await kit.product(10);
    const other = await kit.product(10);
    const only = { productIds: [product.id] };
    const low = await activeScheme(t, { rule: 'multiplier', multiplier: 1.5 }, only);
    const high = await activeScheme(t, { rule: 'multiplier', multiplier: 2 }, only);
    const five = await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 5 }, only);
    const seven = await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 7 }, only);
    // Schemes that do not match this scan: another SKU, another member type, another state, not yet started.
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 100 }, { productIds: [other.id] });
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 100 }, { ...only, memberTypes: ['dealer'] });
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 100 }, { ...only, states: ['Goa'] });
    await activeScheme(t, { rule: 'multiplier', multiplier: 5 }, { ...only, startsOn: dayIst(1) });
    expect(low.status).toBe('active');

    const [code] = await activeCodes(t, product.id, 1);
    const member = await memberWithToken(t, { state: 'Kerala', type: 'carpenter' });
    const res = (await scanAs(t, member.token, { code })).json();
    expect(res).toMatchObject({ result: 'success', points: 32, balance: 32 });
    const serial = res.serial;
    expect(await ledger(member.id)).toEqual([
      { kind: 'scan', amount: 10, reference: `scan:${serial}`, note: null },
      { kind: 'scheme_bonus', amount: 10, reference: `scheme:${high.id}:scan:${serial}`, note: high.name },
      { kind: 'scheme_bonus', amount: 5, reference: `scheme:${five.id}:scan:${serial}`, note: five.name },
      { kind: 'scheme_bonus', amount: 7, reference: `scheme:${seven.id}:scan:${serial}`, note: seven.name },
    ]);
    const [scan] = await kit.sql(
      "select points from coupon_scans where member_id = $1 and result = 'success'",
      [member.id],
    );
    expect(scan).toEqual({ points: 32 });
    expect((await scanAs(t, member.token, { code })).json()).toMatchObject({ result: 'already_scanned' });
    expect(await ledger(member.id)).toHaveLength(4);
  });

  it('posts a slab bonus once per slab of the scheme’s SKUs within its dates', async () => {
    const product = await kit.product(4);
    const other = await kit.product(4);
    const slab = await activeScheme(
      t,
      { rule: 'slab_bonus', slabScans: 2, bonusPoints: 50 },
      { productIds: [product.id] },
    );
    const codes = await activeCodes(t, product.id, 5);
    const [otherCode] = await activeCodes(t, other.id, 1);
    const member = await memberWithToken(t, { state: 'Kerala' });
    const points: number[] = [];
    const scan = async (code: string) => points.push((await scanAs(t, member.token, { code })).json().points);
    await scan(codes[0]!);
    await scan(otherCode!); // another SKU: does not count towards the slab
    for (const code of codes.slice(1)) await scan(code);
    expect(points).toEqual([4, 4, 54, 4, 54, 4]);
    const bonuses = (await ledger(member.id)).filter((r) => r.kind === 'scheme_bonus');
    expect(bonuses.map((r) => r.reference)).toEqual([
      `scheme:${slab.id}:slab:${member.id}:1`,
      `scheme:${slab.id}:slab:${member.id}:2`,
    ]);
  });

  it('stops applying once a scheme is ended or cancelled', async () => {
    const product = await kit.product(10);
    const bonus = await activeScheme(
      t,
      { rule: 'fixed_bonus', bonusPoints: 9 },
      { productIds: [product.id] },
    );
    const multiplier = await activeScheme(
      t,
      { rule: 'multiplier', multiplier: 3 },
      { productIds: [product.id] },
    );
    await kit.ok(await t.as('admin', { method: 'POST', url: `/api/admin/schemes/${bonus.id}/end` }));
    await kit.ok(
      await t.as('admin', { method: 'POST', url: `/api/admin/schemes/${multiplier.id}/cancel`, payload: {} }),
    );
    const [code] = await activeCodes(t, product.id, 1);
    const member = await memberWithToken(t);
    expect((await scanAs(t, member.token, { code })).json()).toMatchObject({ result: 'success', points: 10 });
  });
});
