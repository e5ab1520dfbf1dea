import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';
import { asMember } from '../members/members.test-kit';
import { insertReward, redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';
import { buyOrders, poNumberOf, sweepOrders } from './voucher-orders';
import { placeOrder } from './xoxoday';
import { startXoxodayStandIn, XOXODAY_TEST, type XoxodayStandIn } from './xoxoday-stand-in.test-kit';

let x: XoxodayStandIn;
let t: TestApp;
const BRAND = `Plum ${process.pid}`;
const UNMAPPED = `Unmapped ${process.pid}`;
const UNKNOWN = `Unknown ${process.pid}`;
beforeAll(async () => {
  x = await startXoxodayStandIn();
  t = await createTestApp({
    env: {
      ...x.env,
      XOXODAY_PRODUCT_IDS: `${BRAND}=15365,${UNKNOWN}=${XOXODAY_TEST.unknownProductId}`,
      VOUCHER_PROVIDER_TIMEOUT_MS: '400',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await x?.close();
});

async function waitingRedemption(brand = BRAND, denominationPaise = 50_000) {
  const rewardId = await insertReward(t, {
    name: `${brand} voucher`,
    type: 'e_voucher',
    brand,
    denominationPaise,
    pointsCost: 500,
    mrpPaise: denominationPaise,
    stock: null,
  });
  const m = await redeemer(t, { balance: 1000 });
  const res = await redeem(t, m.token, { kind: 'voucher', rewardId, quantity: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as number, member: m };
}
const approve = (id: number) =>
  t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
const orderOf = async (redemptionId: number) =>
  (await sqlRows(t, 'select * from voucher_orders where redemption_id = $1', [redemptionId]))[0];
const redemptionOf = async (id: number) =>
  (await sqlRows(t, 'select status, voucher_id from redemptions where id = $1', [id]))[0]!;
const status = (role = 'hod') => t.as(role, { url: '/api/admin/gift-vouchers/provider' });
const retry = (orderId: number, role = 'almond team') =>
  t.as(role, { method: 'POST', url: `/api/admin/gift-vouchers/provider/orders/${orderId}/retry` });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('e-vouchers bought from Xoxoday Plum (stand-in)', () => {
  it('an approval without stock buys one voucher under our reference, sealed, issued and revealed to the member', async () => {
    const { id, member } = await waitingRedemption();
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', waitingForStock: true });
    const r = await until(
      () => redemptionOf(id),
      (v) => v.status === 'fulfilled',
      'the voucher to be bought',
    );
    const po = poNumberOf(id);
    expect(x.orders(po)).toBe(1);
    const bought = x.byPo.get(po)!;
    expect(bought).toMatchObject({ productId: 15365, denomination: 500 });
    const [voucher] = await sqlRows(t, 'select * from gift_vouchers where id = $1', [r.voucher_id]);
    expect(voucher).toMatchObject({
      brand: BRAND,
      denomination_paise: 50_000,
      code: bought.vouchers[0]!.voucherCode,
      status: 'issued',
    });
    expect(Number(voucher!.redemption_id)).toBe(id);
    // The PIN is sealed as uploaded stock's is: never in clear in the row.
    expect(String(voucher!.pin_cipher)).toMatch(/^v2\./);
    expect(String(voucher!.pin_cipher)).not.toContain(bought.vouchers[0]!.pin);
    expect(await orderOf(id)).toMatchObject({
      status: 'placed',
      po_number: po,
      attempts: 1,
      charged_paise: 50_000,
    });
    const shown = await asMember(t, member.token, {
      method: 'POST',
      url: `/api/app/redemptions/${id}/voucher`,
    });
    expect(shown.json()).toMatchObject({
      code: bought.vouchers[0]!.voucherCode,
      pin: bought.vouchers[0]!.pin,
    });
    const messages = await sqlRows(
      t,
      "select count(*)::int as n from member_messages where member_id = $1 and template_key = 'voucher.issued'",
      [member.id],
    );
    expect(messages[0]!.n).toBeGreaterThanOrEqual(1);
    const audits = await sqlRows(
      t,
      "select after from audit_log where action = 'gift_voucher.bought' and entity_id = $1",
      [String(r.voucher_id)],
    );
    expect(audits).toHaveLength(1);
  });

  it('a refusal (wallet too low) leaves the redemption waiting; staff see balance and failure, retry once', async () => {
    x.balance = 100;
    try {
      const { id } = await waitingRedemption();
      await approve(id);
      const failed = await until(
        () => orderOf(id),
        (o) => o?.status === 'failed',
        'the order to fail',
      );
      expect(failed!.error).toContain('Failed to process order');
      expect((await redemptionOf(id)).status).toBe('approved');
      expect((await status('marketing')).statusCode).toBe(403);
      // Finance sees the provider where money goes out (Approvals → Redemption), not on Gift Vouchers.
      expect((await status('finance')).statusCode).toBe(200);
      const shown = await status();
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({
        provider: 'xoxoday',
        balance: { value: 100, currency: 'INR' },
        balanceError: null,
      });
      const failure = shown.json().failures.find((f: { redemptionId: number }) => f.redemptionId === id);
      expect(failure).toMatchObject({ status: 'failed', poNumber: poNumberOf(id), brand: BRAND });

      x.balance = 100_000;
      expect((await retry(Number(failed!.id), 'marketing')).statusCode).toBe(403);
      const again = await retry(Number(failed!.id));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'queued' });
      expect((await retry(Number(failed!.id))).statusCode).toBe(409);
      await until(
        () => redemptionOf(id),
        (v) => v.status === 'fulfilled',
        'the retried order',
      );
      expect(x.orders(poNumberOf(id))).toBe(1);
      const audits = await sqlRows(
        t,
        "select actor_role from audit_log where action = 'voucher_order.retried' and entity_id = $1",
        [String(failed!.id)],
      );
      expect(audits).toEqual([{ actor_role: 'almond team' }]);
    } finally {
      x.balance = 100_000;
    }
  });

  it('an answer lost after the provider made the order: asked again under the same reference, bought once', async () => {
    x.loseAnswers(1);
    const { id } = await waitingRedemption();
    await approve(id);
    // The first request times out; the task's retry asks for the order under our reference and finds it.
    await until(
      () => redemptionOf(id),
      (v) => v.status === 'fulfilled',
      'the order found again',
    );
    expect(x.orders(poNumberOf(id))).toBe(1);
    expect(x.placeRequests(poNumberOf(id))).toBe(1);
    expect(Number((await orderOf(id))!.attempts)).toBeGreaterThanOrEqual(2);
  });

  it('a crash between "sent to provider" and "recorded" resumes without a second purchase', async () => {
    const { id } = await waitingRedemption();
    // The state a crash leaves: the redemption approved and waiting, its order committed as `sending`,
    // the provider holding the order it made, and nothing recorded here.
    await sqlRows(t, "update redemptions set status = 'approved', approved_at = now() where id = $1", [id]);
    const [order] = await sqlRows(
      t,
      `insert into voucher_orders (redemption_id, po_number, provider, brand, denomination_paise, status, attempts)
       values ($1, $2, 'xoxoday', $3, 50000, 'sending', 1) returning id`,
      [id, poNumberOf(id), BRAND],
    );
    const made = await placeOrder(t.app.config.voucherProvider!, {
      productId: 15365,
      denominationRupees: 500,
      poNumber: poNumberOf(id),
    });
    expect(await buyOrders(t.app, [Number(order!.id)])).toBe(0);
    expect(x.orders(poNumberOf(id))).toBe(1);
    expect(x.placeRequests(poNumberOf(id))).toBe(1);
    expect(await orderOf(id)).toMatchObject({ status: 'placed', provider_order_id: String(made.orderId) });
    const r = await redemptionOf(id);
    expect(r.status).toBe('fulfilled');
    const [voucher] = await sqlRows(t, 'select code from gift_vouchers where id = $1', [r.voucher_id]);
    expect(voucher!.code).toBe(made.vouchers![0]!.voucherCode);
    // Run again (a second crash-resume): nothing more is bought or issued.
    expect(await buyOrders(t.app, [Number(order!.id)])).toBe(0);
    expect(x.orders(poNumberOf(id))).toBe(1);
    const issued = await sqlRows(t, 'select count(*)::int as n from gift_vouchers where redemption_id = $1', [
      id,
    ]);
    expect(issued[0]!.n).toBe(1);
  });

  it('a brand without a product id, or one the provider refuses, fails visibly; the sweep orders those approved before', async () => {
    const unmapped = await waitingRedemption(UNMAPPED);
    await approve(unmapped.id);
    const o1 = await until(
      () => orderOf(unmapped.id),
      (o) => o?.status === 'failed',
      'the unmapped order',
    );
    expect(o1!.error).toContain('XOXODAY_PRODUCT_IDS');
    const unknown = await waitingRedemption(UNKNOWN);
    await approve(unknown.id);
    const o2 = await until(
      () => orderOf(unknown.id),
      (o) => o?.status === 'failed',
      'the refused order',
    );
    expect(o2!.error).toContain('Invalid denomination for the product');

    // Approved with no order (as before the provider was set): the sweep orders it.
    const { id } = await waitingRedemption();
    await approve(id);
    await until(
      () => redemptionOf(id),
      (v) => v.status === 'fulfilled',
      'the first',
    );
    const late = await waitingRedemption();
    await sqlRows(t, "update redemptions set status = 'approved', approved_at = now() where id = $1", [
      late.id,
    ]);
    expect(await orderOf(late.id)).toBeUndefined();
    const swept = await sweepOrders(t.app);
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    await until(
      () => redemptionOf(late.id),
      (v) => v.status === 'fulfilled',
      'the swept order',
    );
    expect(x.orders(poNumberOf(late.id))).toBe(1);
  });
});

describe('configuration', () => {
  it('a chosen voucher provider needs its variables; none chosen, none needed', () => {
    expect(() => loadConfig({ VOUCHER_PROVIDER: 'xoxoday' })).toThrow(/XOXODAY_ACCESS_TOKEN/);
    expect(() => loadConfig({ VOUCHER_PROVIDER: 'xoxoday', XOXODAY_ACCESS_TOKEN: 't' })).toThrow(
      /XOXODAY_PRODUCT_IDS/,
    );
    expect(() =>
      loadConfig({ VOUCHER_PROVIDER: 'xoxoday', XOXODAY_ACCESS_TOKEN: 't', XOXODAY_PRODUCT_IDS: 'Amazon' }),
    ).toThrow(/brand=product id/);
    const c = loadConfig({
      VOUCHER_PROVIDER: 'xoxoday',
      XOXODAY_ACCESS_TOKEN: 't',
      XOXODAY_PRODUCT_IDS: 'Amazon Pay=15365, Myntra=16010',
      XOXODAY_BASE_URL: 'http://127.0.0.1:9/chef/',
    }).voucherProvider;
    expect(c).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/chef',
      productIds: { 'amazon pay': 15365, myntra: 16010 },
    });
    expect(loadConfig({}).voucherProvider).toBeNull();
  });
});
