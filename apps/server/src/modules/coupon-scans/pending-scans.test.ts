import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';

/** Scans while pending: the programme setting decides whether a pending member's scan is credited. */
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
const codes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  const product = await kit.product(20);
  const b = await printedBatch(t, 3, product.id);
  const line = await invoiceLine(t, product.id, 3);
  await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/coupon-allocations',
      payload: { invoiceLineId: line, mode: 'range', fromSerial: b.firstSerial, toSerial: b.firstSerial + 2 },
    }),
  );
  for (const row of await kit.sql('select code from coupons where batch_id = $1 order by serial', [b.id]))
    codes.push(String(row.code));
});
afterAll(() => t.close());

const URL = '/api/admin/pending-scans/settings';
const dayIst = (offset = 0) =>
  new Date(Date.now() + 5.5 * 3600e3 + offset * 86_400_000).toISOString().slice(0, 10);

describe('scans while pending', () => {
  it('holds a pending member’s scan by default, credits it once the setting in force says so', async () => {
    const pending = await memberWithToken(t, { status: 'pending' });
    expect((await t.as('admin', { url: URL })).json()).toEqual([]);
    // None in force: held (refused, the app keeps the code on the phone until approval).
    expect((await scanAs(t, pending.token, { code: codes[0]! }, 'p-1')).json().result).toBe(
      'member_not_allowed',
    );
    // A setting from a later day is not in force yet.
    const later = await t.as('admin', {
      method: 'POST',
      url: URL,
      payload: { mode: 'credit', effectiveFrom: dayIst(2) },
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject([{ mode: 'credit', current: false }]);
    expect((await scanAs(t, pending.token, { code: codes[0]! }, 'p-2')).json().result).toBe(
      'member_not_allowed',
    );

    const today = await t.as('admin', {
      method: 'POST',
      url: URL,
      payload: { mode: 'credit', effectiveFrom: dayIst() },
    });
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json().find((r: { current: boolean }) => r.current)).toMatchObject({
      mode: 'credit',
      createdByName: 'Demo Admin',
    });
    const credited = await scanAs(t, pending.token, { code: codes[0]! }, 'p-3');
    expect(credited.json()).toMatchObject({ result: 'success', points: 20, balance: 20 });
    expect((await scanAs(t, pending.token, { code: codes[0]! }, 'p-3')).json()).toEqual(credited.json());
    const ledger = await kit.sql("select amount from points_ledger where member_id = $1 and kind = 'scan'", [
      pending.id,
    ]);
    expect(ledger).toEqual([{ amount: 20 }]);
    // Only pending members: a blocked one stays refused whatever the setting.
    const blocked = await memberWithToken(t, { status: 'blocked' });
    expect((await scanAs(t, blocked.token, { code: codes[1]! })).json().result).toBe('member_not_allowed');

    const audited = await kit.sql(
      "select action, after from audit_log where entity = 'pending_scan_setting' order by id",
    );
    expect(audited.map((r) => r.action)).toEqual([
      'pending_scan_setting.added',
      'pending_scan_setting.added',
    ]);
  });

  it('refuses a past date and an unknown mode with field messages', async () => {
    const past = await t.as('admin', {
      method: 'POST',
      url: URL,
      payload: { mode: 'hold', effectiveFrom: dayIst(-1) },
    });
    expect(past.json().fields).toEqual({ effectiveFrom: 'The date must be today or later' });
    const bad = await t.as('admin', {
      method: 'POST',
      url: URL,
      payload: { mode: 'maybe', effectiveFrom: dayIst() },
    });
    expect(bad.json().fields.mode).toBeTruthy();
  });

  it('is kept by the Joining Points people only', async () => {
    expect((await t.as('cs', { url: URL })).statusCode).toBe(403);
    expect(
      (await t.as('cs', { method: 'POST', url: URL, payload: { mode: 'credit', effectiveFrom: dayIst() } }))
        .statusCode,
    ).toBe(403);
  });
});
