import { shiftDay, todayInIndia } from '@app/contract/format';
import { VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody, sheet } from '../invoices/invoices.test-kit';
import { asMember } from '../members/members.test-kit';
import { insertReward, redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A voucher reward of a brand of its own, and members who redeemed it. */
async function voucherRedemptions(n: number, denominationPaise = 50_000) {
  const brand = `Fulfil ${process.pid}-${++seq}`;
  const rewardId = await insertReward(t, {
    name: `${brand} voucher`,
    type: 'e_voucher',
    brand,
    denominationPaise,
    pointsCost: 500,
    mrpPaise: denominationPaise,
    stock: null,
  });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = await redeemer(t, { balance: 1000 });
    const res = await redeem(t, m.token, { kind: 'voucher', rewardId, quantity: 1 });
    if (res.statusCode !== 200) throw new Error(res.body);
    ids.push(res.json().id);
  }
  return { brand, rewardId, ids };
}
const addVoucher = (brand: string, code: string, denominationPaise = 50_000) =>
  t.as('almond team', {
    method: 'POST',
    url: '/api/admin/gift-vouchers',
    payload: { brand, denominationPaise, code, pin: '4242', expiresOn: shiftDay(todayInIndia(), 30) },
  });
const approve = (id: number) =>
  t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
const statusOf = async (id: number) =>
  (await sqlRows(t, 'select status, voucher_id from redemptions where id = $1', [id]))[0]!;

describe('voucher fulfilment', () => {
  it('approving with stock issues a voucher at once; the history reads approved → fulfilled', async () => {
    const { brand, ids } = await voucherRedemptions(1);
    expect((await addVoucher(brand, 'FUL-0001')).statusCode).toBe(200);
    const res = await approve(ids[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'fulfilled', waitingForStock: false });
    const [voucher] = await sqlRows(
      t,
      'select id, status, redemption_id from gift_vouchers where code = $1',
      ['FUL-0001'],
    );
    expect(voucher).toMatchObject({ status: 'issued' });
    expect(Number(voucher!.redemption_id)).toBe(ids[0]);
    expect(Number((await statusOf(ids[0]!)).voucher_id)).toBe(Number(voucher!.id));
    const audits = await sqlRows(
      t,
      "select action from audit_log where entity = 'redemption' and entity_id = $1 order by id",
      [String(ids[0])],
    );
    expect(audits.map((a) => a.action).slice(-2)).toEqual(['redemption.approved', 'redemption.fulfilled']);
    const used = await t.as('cs', {
      url: `/api/admin/used-vouchers?filter=${encodeURIComponent(JSON.stringify({ brand }))}`,
    });
    expect(used.json().rows[0]).toMatchObject({
      code: 'FUL-0001',
      redemptionId: ids[0],
      memberName: expect.any(String),
    });
  });

  it('without stock the approval waits; adding a voucher fulfils the oldest waiting one, an upload the rest', async () => {
    const { brand, ids } = await voucherRedemptions(3);
    for (const id of ids)
      expect((await approve(id)).json()).toMatchObject({ status: 'approved', waitingForStock: true });
    expect((await addVoucher(brand, 'WAIT-0001')).statusCode).toBe(200);
    expect((await statusOf(ids[0]!)).status).toBe('fulfilled');
    expect((await statusOf(ids[1]!)).status).toBe('approved');
    // Another denomination of the brand is not what they wait for.
    expect((await addVoucher(brand, 'WAIT-OTHER', 100_000)).statusCode).toBe(200);
    expect((await statusOf(ids[1]!)).status).toBe('approved');
    const file = await sheet(
      [
        [brand, 500, 'WAIT-0002', '', shiftDay(todayInIndia(), 9).split('-').reverse().join('/')],
        [brand, 500, 'WAIT-0003', '', shiftDay(todayInIndia(), 9).split('-').reverse().join('/')],
      ],
      VOUCHER_UPLOAD_COLUMNS,
    );
    const up = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/gift-vouchers/upload',
      ...multipartBody('v.xlsx', file),
    });
    expect(up.json()).toMatchObject({ status: 'applied', rowsApplied: 2 });
    expect((await statusOf(ids[1]!)).status).toBe('fulfilled');
    expect((await statusOf(ids[2]!)).status).toBe('fulfilled');
    const issued = await sqlRows(
      t,
      "select count(distinct redemption_id)::int as n from gift_vouchers where brand = $1 and status = 'issued'",
      [brand],
    );
    expect(issued[0]!.n).toBe(3);
  });
});

describe('the member receives the voucher', () => {
  it('the owner sees the code, reveals the PIN (recorded); another member gets 404', async () => {
    const brand = `Mine ${process.pid}-${++seq}`;
    const rewardId = await insertReward(t, {
      type: 'e_voucher',
      brand,
      denominationPaise: 50_000,
      pointsCost: 500,
      mrpPaise: 50_000,
      stock: null,
    });
    const m = await redeemer(t, { balance: 2000 });
    const waiting = (await redeem(t, m.token, { kind: 'voucher', rewardId })).json();
    const reveal = (token: string, id: number) =>
      asMember(t, token, { method: 'POST', url: `/api/app/redemptions/${id}/voucher` });
    // nothing issued yet
    expect((await reveal(m.token, waiting.id)).statusCode).toBe(404);
    expect((await addVoucher(brand, 'MINE-0001')).statusCode).toBe(200);
    expect((await approve(waiting.id)).json().status).toBe('fulfilled');

    const list = await asMember(t, m.token, { method: 'GET', url: '/api/app/redemptions' });
    expect(list.body).not.toContain('4242');
    expect(list.json().find((r: { id: number }) => r.id === waiting.id)).toMatchObject({
      status: 'fulfilled',
      voucher: {
        brand,
        denominationPaise: 50_000,
        code: 'MINE-0001',
        pinMasked: 'XXXX',
        expiresOn: shiftDay(todayInIndia(), 30),
      },
    });
    const shown = await reveal(m.token, waiting.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual({
      brand,
      denominationPaise: 50_000,
      code: 'MINE-0001',
      pin: '4242',
      expiresOn: shiftDay(todayInIndia(), 30),
    });
    const recorded = await sqlRows(
      t,
      "select actor_role, after from audit_log where action = 'redemption.voucher_revealed' and entity_id = $1",
      [String(waiting.id)],
    );
    expect(recorded).toEqual([
      { actor_role: 'member', after: { memberId: m.id, voucherId: expect.any(Number) } },
    ]);

    const other = await redeemer(t, { balance: 2000 });
    const theirs = await reveal(other.token, waiting.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('MINE-0001');
    const otherList = await asMember(t, other.token, { method: 'GET', url: '/api/app/redemptions' });
    expect(otherList.body).not.toContain('MINE-0001');
    expect(
      (
        await sqlRows(
          t,
          "select count(*)::int as n from audit_log where action = 'redemption.voucher_revealed' and entity_id = $1",
          [String(waiting.id)],
        )
      )[0]!.n,
    ).toBe(1);
  });
});

describe('voucher fulfilment under concurrency (PostgreSQL)', () => {
  it('50 concurrent approvals against 10 vouchers: 10 issued, all distinct, the rest waiting', async () => {
    const { brand, ids } = await voucherRedemptions(50);
    for (let i = 0; i < 10; i++) expect((await addVoucher(brand, `RACE-FUL-${i}`)).statusCode).toBe(200);
    const results = await Promise.all(ids.map((id) => approve(id)));
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const byStatus = await sqlRows(
      t,
      'select status, count(*)::int as n, count(distinct voucher_id)::int as v from redemptions where id = any($1::bigint[]) group by status order by status',
      [ids],
    );
    expect(byStatus).toEqual([
      { status: 'approved', n: 40, v: 0 },
      { status: 'fulfilled', n: 10, v: 10 },
    ]);
    const vouchers = await sqlRows(
      t,
      "select count(*)::int as n, count(distinct redemption_id)::int as r from gift_vouchers where brand = $1 and status = 'issued'",
      [brand],
    );
    expect(vouchers[0]).toEqual({ n: 10, r: 10 });
    // Each voucher went to the redemption that holds it, both ways.
    const mismatched = await sqlRows(
      t,
      'select count(*)::int as n from gift_vouchers g join redemptions d on d.voucher_id = g.id where g.redemption_id <> d.id',
    );
    expect(mismatched[0]!.n).toBe(0);
  });
});
