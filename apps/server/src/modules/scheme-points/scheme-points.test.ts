import { SCHEME_POINTS_MESSAGES } from '@app/contract/scheme-points';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const dayIst = (offset = 0) =>
  new Date(Date.now() + 5.5 * 3600e3 + offset * 86_400_000).toISOString().slice(0, 10);
const change = (productId: number, payload: object, by = 'admin') =>
  t.as(by, { method: 'POST', url: `/api/admin/scheme-points/${productId}`, payload });
const grid = async (productId: number) => {
  const res = await t.as('almond team', { url: `/api/admin/scheme-points?filter=${kit.q({})}&perPage=100` });
  return res.json().rows.find((r: { id: number }) => r.id === productId);
};

describe('Update Scheme Points', () => {
  it('changes a SKU’s points from a day on; scans earn the points in force at scan time', async () => {
    const product = await kit.product(10);
    const codes = await activeCodes(t, product.id, 3);
    const member = await memberWithToken(t, { state: 'Kerala' });
    const scan = async (code: string) => (await scanAs(t, member.token, { code })).json();

    const later = await kit.ok(
      await change(product.id, { points: 40, effectiveFrom: dayIst(2), reason: 'Diwali' }),
    );
    expect(later).toMatchObject({
      productId: product.id,
      points: 40,
      reason: 'Diwali',
      createdByName: expect.any(String),
    });
    expect(await grid(product.id)).toMatchObject({ currentPoints: 10, nextPoints: 40 });
    expect(await scan(codes[0]!)).toMatchObject({ result: 'success', points: 10 });

    await kit.ok(await change(product.id, { points: 25, effectiveFrom: dayIst(), reason: 'New price list' }));
    expect(await grid(product.id)).toMatchObject({ currentPoints: 25, nextPoints: 40 });
    expect(await scan(codes[1]!)).toMatchObject({ result: 'success', points: 25 });

    // The scheduled day arrives: the later change is in force, the earlier ones stay in the history.
    await kit.sql("update product_points set effective_from = now() - interval '1 minute' where id = $1", [
      later.id,
    ]);
    expect(await grid(product.id)).toMatchObject({
      currentPoints: 40,
      nextPoints: null,
      nextEffectiveFrom: null,
    });
    expect(await scan(codes[2]!)).toMatchObject({ result: 'success', points: 40 });
    const ledger = await kit.sql(
      "select amount from points_ledger where member_id = $1 and kind = 'scan' order by id",
      [member.id],
    );
    expect(ledger.map((r) => r.amount)).toEqual([10, 25, 40]);

    const history = await t.as('admin', {
      url: `/api/admin/scheme-points/history?filter=${kit.q({ productId: product.id })}&sort=id&order=ASC`,
    });
    expect(history.json().rows.map((r: { points: number }) => r.points)).toEqual([40, 25]);
    const audits = await kit.sql(
      "select action, after from audit_log where entity = 'product_points' and entity_id = $1 order by id",
      [String(product.id)],
    );
    expect(audits.map((r) => r.action)).toEqual(['product_points.changed', 'product_points.changed']);
    expect(audits[1]!.after).toMatchObject({ points: 25, reason: 'New price list' });
  });

  it('records a catalogue edit of base points in the history, in force at once', async () => {
    const product = await kit.product(10);
    await kit.ok(await change(product.id, { points: 30, effectiveFrom: dayIst(), reason: 'Raise' }));
    await kit.ok(
      await t.as('admin', {
        method: 'PUT',
        url: `/api/admin/products/${product.id}`,
        payload: { basePoints: 12 },
      }),
    );
    expect(await grid(product.id)).toMatchObject({ currentPoints: 12 });
    const history = await t.as('admin', {
      url: `/api/admin/scheme-points/history?filter=${kit.q({ productId: product.id })}&sort=id&order=DESC`,
    });
    expect(history.json().rows[0]).toMatchObject({ points: 12, reason: 'Catalogue edit' });
  });

  it('gives every reader the points in force: catalogue, product API, SKU pickers, stock and the scan agree', async () => {
    const product = await kit.product(10);
    const [code] = await activeCodes(t, product.id, 2);
    await kit.ok(await change(product.id, { points: 25, effectiveFrom: dayIst(), reason: 'New price list' }));
    await kit.ok(await change(product.id, { points: 40, effectiveFrom: dayIst(3), reason: 'Diwali' }));

    const one = (await kit.ok(await t.as('admin', { url: `/api/admin/products/${product.id}` }))) as object;
    expect(one).toMatchObject({ basePoints: 25, nextPoints: 40, nextEffectiveFrom: expect.any(String) });
    const listed = await t.as('admin', { url: `/api/admin/products?filter=${kit.q({ q: product.sku })}` });
    expect(listed.json().rows).toEqual([
      expect.objectContaining({ id: product.id, basePoints: 25, nextPoints: 40 }),
    ]);
    const options = (await t.as('cs', { url: '/api/admin/products/options' })).json() as { id: number }[];
    expect(options.find((o) => o.id === product.id)).toMatchObject({ basePoints: 25 });
    expect(await grid(product.id)).toMatchObject({ currentPoints: 25, nextPoints: 40 });
    const stock = await t.as('almond team', {
      url: `/api/admin/coupon-stock?filter=${kit.q({ productId: product.id })}`,
    });
    expect(stock.json().rows[0]).toMatchObject({ points: 25, liabilityPoints: 50 });

    const member = await memberWithToken(t, { state: 'Kerala' });
    expect((await scanAs(t, member.token, { code })).json()).toMatchObject({ result: 'success', points: 25 });
  });

  it('gives field errors; an unknown SKU is 404', async () => {
    const product = await kit.product(10);
    const bad = await change(product.id, { points: -1, effectiveFrom: 'soon', reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      points: expect.any(String),
      effectiveFrom: SCHEME_POINTS_MESSAGES.dateRequired,
      reason: SCHEME_POINTS_MESSAGES.reasonRequired,
    });
    const past = await change(product.id, { points: 5, effectiveFrom: dayIst(-1), reason: 'Backdated' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ effectiveFrom: SCHEME_POINTS_MESSAGES.pastDate });
    const missing = await change(999_999, { points: 5, effectiveFrom: dayIst(), reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('is for holders of the page only', async () => {
    const product = await kit.product(10);
    expect((await t.as('cs', { url: '/api/admin/scheme-points' })).statusCode).toBe(403);
    expect((await t.as('cs', { url: '/api/admin/scheme-points/history' })).statusCode).toBe(403);
    expect(
      (await change(product.id, { points: 5, effectiveFrom: dayIst(), reason: 'x' }, 'cs')).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/scheme-points' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/scheme-points/${product.id}`,
      payload: { points: 5, effectiveFrom: dayIst(), reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
