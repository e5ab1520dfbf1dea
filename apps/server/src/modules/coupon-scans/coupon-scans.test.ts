import { SCAN_ATTEMPTS_PER_MINUTE } from '@app/contract/coupon-scans';
import { formatCode, scanUrl } from '@app/contract/coupons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { randomCodes } from '../coupons';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { readSheet } from '../invoices/invoices.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let s: number;
let batchId: number;
let member: { id: number; token: string };
const codes: Record<number, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  const product = await kit.product(15);
  const b = await printedBatch(t, 6, product.id);
  s = b.firstSerial;
  batchId = b.id;
  const line = await invoiceLine(t, product.id, 4);
  await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/coupon-allocations',
      payload: { invoiceLineId: line, mode: 'range', fromSerial: s, toSerial: s + 3 },
    }),
  );
  const r = await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/damaged-coupons',
      payload: { mode: 'single', serial: s + 5, reason: 'torn' },
    }),
  );
  await kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/damaged-coupons/${r.id}/approve`,
      payload: {},
    }),
  );
  for (const row of await kit.sql('select serial::int, code from coupons where batch_id = $1', [batchId]))
    codes[Number(row.serial)] = String(row.code);
  member = await memberWithToken(t, { state: 'Kerala' });
});
afterAll(() => t.close());

const scan = (code: string, extra: object = {}, key?: string) =>
  scanAs(t, member.token, { code, ...extra }, key);

describe('member scan', () => {
  it('credits the SKU’s base points once, by URL or typed code; a repeat is already_scanned or a replay', async () => {
    const first = await scan(
      scanUrl('http://localhost:3000', codes[s]!),
      { latitude: 9.93, longitude: 76.26 },
      'k-1',
    );
    expect(first.json()).toMatchObject({ result: 'success', points: 15, balance: 15, serial: s });
    const replay = await scan(
      scanUrl('http://localhost:3000', codes[s]!),
      { latitude: 9.93, longitude: 76.26 },
      'k-1',
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await scan(formatCode(codes[s]!).toLowerCase())).json()).toMatchObject({
      result: 'already_scanned',
      points: 0,
    });
    const ledger = await kit.sql(
      "select amount, reference from points_ledger where member_id = $1 and kind = 'scan'",
      [member.id],
    );
    expect(ledger).toEqual([{ amount: 15, reference: `scan:${s}` }]);
  });

  it('refuses a key reused for another request while it is kept (7 days); after that the key is new', async () => {
    const other = await memberWithToken(t);
    const once = await scanAs(t, other.token, { code: codes[s]! }, 'k-2');
    expect(once.json().result).toBe('already_scanned');
    expect((await scanAs(t, other.token, { code: formatCode(codes[s]!) }, 'k-2')).statusCode).toBe(422);
    await kit.sql("update idempotency_keys set created_at = now() - interval '8 days' where key = 'k-2'");
    const afterExpiry = await scanAs(t, other.token, { code: formatCode(codes[s]!) }, 'k-2');
    expect(afterExpiry.statusCode).toBe(200);
    expect(afterExpiry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers each failed check with its result code and records every attempt', async () => {
    const typo = `${codes[s + 1]!.slice(0, 5)}${codes[s + 1]![5] === '0' ? '1' : '0'}${codes[s + 1]!.slice(6)}`;
    expect((await scan(typo)).json().result).toBe('invalid_code');
    expect((await scan(randomCodes(1)[0]!)).json().result).toBe('invalid_code');
    expect((await scan(codes[s + 4]!)).json().result).toBe('not_active');
    expect((await scan(codes[s + 5]!)).json().result).toBe('damaged');
    const pending = await memberWithToken(t, { status: 'pending' });
    expect((await scanAs(t, pending.token, { code: codes[s + 1]! })).json().result).toBe(
      'member_not_allowed',
    );
    const blocked = await memberWithToken(t, { status: 'blocked' });
    expect((await scanAs(t, blocked.token, { code: codes[s + 1]! })).json().result).toBe(
      'member_not_allowed',
    );
    const results = (
      await kit.sql('select result from coupon_scans where member_id = $1 order by id', [member.id])
    ).map((r) => r.result);
    expect(results).toEqual([
      'success',
      'already_scanned',
      'invalid_code',
      'invalid_code',
      'not_active',
      'damaged',
    ]);
  });

  it('credits but flags a scan whose coordinates lie outside the distributor’s state (whatever the app says)', async () => {
    // Panaji, Goa; the app claims Kerala, the distributor's state: the server decides from the coordinates.
    const res = await scan(codes[s + 1]!, { state: 'Kerala', latitude: 15.4909, longitude: 73.8278 });
    expect(res.json().result).toBe('success');
    const [row] = await kit.sql(
      "select flags from coupon_scans where coupon_serial = $1 and result = 'success'",
      [s + 1],
    );
    expect(row!.flags).toEqual(['outside_distributor_state']);
  });

  it('refuses an expired code', async () => {
    await kit.sql("update coupon_batches set expires_on = '2020-01-01' where id = $1", [batchId]);
    expect((await scan(codes[s + 2]!)).json().result).toBe('expired');
    await kit.sql("update coupon_batches set expires_on = '2099-01-01' where id = $1", [batchId]);
  });

  it('rate-limits a member who scans too fast', async () => {
    const busy = await memberWithToken(t);
    for (let i = 0; i < SCAN_ATTEMPTS_PER_MINUTE; i++) await scanAs(t, busy.token, { code: 'XXXX' });
    expect((await scanAs(t, busy.token, { code: codes[s + 3]! })).json().result).toBe('rate_limited');
  });

  it('keeps staff and member tokens apart and gives field errors', async () => {
    expect(
      (await t.as('almond team', { method: 'POST', url: '/api/app/scan', payload: { code: 'x' } }))
        .statusCode,
    ).toBe(401);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coupon-scans',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(admin.statusCode).toBe(401);
    expect((await scanAs(t, member.token, {})).json().fields).toEqual({ code: 'Code is required' });
  });
});

describe('QR scan history', () => {
  it('filters attempts by result, flag and member, and exports the filter', async () => {
    const list = (filter: object) =>
      t.as('cs', { method: 'GET', url: `/api/admin/coupon-scans?filter=${kit.q(filter)}` });
    const ok = await list({ memberId: member.id, result: 'success' });
    expect(
      ok
        .json()
        .rows.map((r: { couponSerial: number }) => r.couponSerial)
        .sort(),
    ).toEqual([s, s + 1]);
    const flagged = await list({ memberId: member.id, flagged: true });
    expect(flagged.json().rows).toHaveLength(1);
    expect(flagged.json().rows[0]).toMatchObject({
      flags: ['outside_distributor_state'],
      state: 'Kerala',
      geoState: 'Goa',
      memberName: expect.any(String),
    });
    expect((await list({ flag: 'too_many_per_hour' })).json().total).toBe(0);
    // One row a page, so the total is counted (through the list's count query, which keeps the
    // member join the search reads) rather than read off a short page.
    const searched = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/coupon-scans?perPage=1&filter=${kit.q({ q: ok.json().rows[0].memberCode, result: 'success' })}`,
    });
    expect(searched.statusCode).toBe(200);
    expect(searched.json().total).toBe(2);
    const file = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/coupon-scans/export?filter=${kit.q({ memberId: member.id, result: 'success' })}`,
    });
    const rows = await readSheet(file.rawPayload);
    expect(rows).toHaveLength(3);
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/coupon-scans' })).statusCode).toBe(403);
    expect((await list({ nope: 1 })).statusCode).toBe(400);
  });
});
