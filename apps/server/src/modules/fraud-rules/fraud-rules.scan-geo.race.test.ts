import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { randomCodes } from '../coupons';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { setFraudRules } from './fraud-rules.test-kit';

/**
 * The scan rules decided inside `scan_coupon`, on PostgreSQL: the state from the
 * scan's coordinates against the distributor's, and invalid codes locking a member's scanning.
 */
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const DELHI = { latitude: 28.6315, longitude: 77.2167 };
const BHOPAL = { latitude: 23.2599, longitude: 77.4126 };
const INDORE = { latitude: 22.7196, longitude: 75.8577 };

function count(values: string[]): Record<string, number> {
  const n: Record<string, number> = {};
  for (const v of values) n[v] = (n[v] ?? 0) + 1;
  return n;
}

/** `n` codes allocated to one distributor in Madhya Pradesh. */
async function madhyaPradeshCodes(n: number): Promise<string[]> {
  const product = await kit.product(10);
  const batch = await printedBatch(t, n, product.id);
  const line = await invoiceLine(t, product.id, n);
  await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/coupon-allocations',
      payload: {
        invoiceLineId: line,
        mode: 'range',
        fromSerial: batch.firstSerial,
        toSerial: batch.firstSerial + n - 1,
      },
    }),
  );
  await kit.sql(
    `update distributors set state = 'Madhya Pradesh' where id in (select a.distributor_id from coupon_allocations a
       join coupons c on c.allocation_id = a.id where c.batch_id = $1)`,
    [batch.id],
  );
  const rows = await kit.sql('select code from coupons where batch_id = $1 order by serial', [batch.id]);
  return rows.map((r) => String(r.code));
}

const scanRow = async (code: string) =>
  (
    await kit.sql(
      'select result, flags, state, geo_state as "geoState" from coupon_scans where code = $1 order by id desc limit 1',
      [code],
    )
  )[0];

describe('a scan outside the distributor’s state, decided from the coordinates', () => {
  it('flags a Delhi scan of a Madhya Pradesh coupon with no state sent; trusts coordinates, not the app', async () => {
    const codes = await madhyaPradeshCodes(5);
    // The member lives in Madhya Pradesh: the old rule (the app's state, else the member's) credited this unflagged.
    const member = await memberWithToken(t, { state: 'Madhya Pradesh' });
    const delhi = await scanAs(t, member.token, { code: codes[0]!, ...DELHI });
    expect(delhi.json()).toMatchObject({ result: 'success', points: 10 });
    expect(await scanRow(codes[0]!)).toEqual({
      result: 'success',
      flags: ['outside_distributor_state'],
      state: null,
      geoState: 'Delhi',
    });
    // The app claims Delhi from Bhopal: the coordinates win, no flag; the app's word is stored.
    await scanAs(t, member.token, { code: codes[1]!, ...BHOPAL, state: 'Delhi' });
    expect(await scanRow(codes[1]!)).toEqual({
      result: 'success',
      flags: [],
      state: 'Delhi',
      geoState: 'Madhya Pradesh',
    });
    // No coordinates: no geo decision, whatever the app says.
    await scanAs(t, member.token, { code: codes[2]!, state: 'Goa' });
    expect(await scanRow(codes[2]!)).toEqual({ result: 'success', flags: [], state: 'Goa', geoState: null });

    // Under `refuse`: refused, nothing credited, the code stays active and scans from inside the state.
    await setFraudRules(t, { outsideStateAction: 'refuse' });
    const before = await kit.sql('select balance from members where id = $1', [member.id]);
    const refused = await scanAs(t, member.token, { code: codes[3]!, ...DELHI });
    expect(refused.json()).toMatchObject({ result: 'outside_distributor_state', points: 0 });
    expect(refused.json().message).toMatch(/another state/);
    expect(await kit.sql('select status from coupons where code = $1', [codes[3]])).toEqual([
      { status: 'active' },
    ]);
    expect(await kit.sql('select balance from members where id = $1', [member.id])).toEqual(before);
    expect((await scanAs(t, member.token, { code: codes[3]!, ...INDORE })).json().result).toBe('success');
  });
});

describe('invalid codes lock scanning', () => {
  it('10 concurrent invalid codes with 3 allowed: exactly 3 recorded invalid, the rest refused while locked', async () => {
    await setFraudRules(t, {
      invalidCodeAttempts: 3,
      invalidCodeWindowMinutes: 10,
      invalidCodeLockMinutes: 30,
    });
    const member = await memberWithToken(t);
    const answers = await Promise.all(randomCodes(10).map((code) => scanAs(t, member.token, { code })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(count(answers.map((a) => a.json().result))).toEqual({ invalid_code: 3, scans_locked: 7 });
    const [locked] = await kit.sql(
      `select scans_locked_until::text as until, scans_locked_until between now() + interval '29 minutes'
         and now() + interval '31 minutes' as "inThirtyMinutes" from members where id = $1`,
      [member.id],
    );
    expect(locked!.inThirtyMinutes).toBe(true);
    // The attempt that locked and every refused one name when scanning unlocks, in IST.
    const named = answers.filter((a) => a.json().lockedUntil !== null);
    expect(named).toHaveLength(8);
    expect(new Set(named.map((a) => a.json().lockedUntil)).size).toBe(1);
    expect(new Date(named[0]!.json().lockedUntil).getTime()).toBe(new Date(String(locked!.until)).getTime());
    expect(named[0]!.json().message).toMatch(/Scanning unlocks at \d{1,2} \w{3} \d{4}, .* IST$/);

    // A valid code is refused too while locked, and stays active.
    const product = await kit.product(10);
    const [valid] = await activeCodes(t, product.id, 1);
    expect((await scanAs(t, member.token, { code: valid! })).json().result).toBe('scans_locked');
    expect(await kit.sql('select status from coupons where code = $1', [valid])).toEqual([
      { status: 'active' },
    ]);

    // Staff see the lock on the member.
    const shown = await t.as('cs', { method: 'GET', url: `/api/admin/users/${member.id}` });
    expect(shown.json().scansLockedUntil).toBe(named[0]!.json().lockedUntil);

    // When the lock ends, scanning works; the attempts before the lock do not count again. (It ends
    // now: ending it a second ago made the attempts of the last second count again on a fast machine.)
    await kit.sql(`update members set scans_locked_until = now() where id = $1`, [member.id]);
    expect((await scanAs(t, member.token, { code: valid! })).json().result).toBe('success');
    const again = await scanAs(t, member.token, { code: randomCodes(1)[0]! });
    expect(again.json()).toMatchObject({ result: 'invalid_code', lockedUntil: null });
    expect(
      (await t.as('cs', { method: 'GET', url: `/api/admin/users/${member.id}` })).json().scansLockedUntil,
    ).toBeNull();
  });

  it('asks for the attempts, the window and the lock together (400 naming the fields; nothing stored)', async () => {
    const [before] = await kit.sql('select count(*)::int as n from fraud_rules');
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/fraud-rules',
      payload: { invalidCodeAttempts: 5, effectiveFrom: '2099-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'invalidCodeLockMinutes',
      'invalidCodeWindowMinutes',
    ]);
    expect(await kit.sql('select count(*)::int as n from fraud_rules')).toEqual([before]);
  });
});
