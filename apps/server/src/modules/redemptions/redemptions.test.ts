import { todayInIndia } from '@app/contract/format';
import { DEFAULT_PAISE_PER_POINT } from '@app/contract/points-settings';
import { REDEMPTION_MESSAGES } from '@app/contract/redemptions';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { STANDING_MESSAGES } from '../member-auth';
import { asMember } from '../members/members.test-kit';
import { dispatchGift, fulfil, markGiftDelivered, markGiftReturned } from './redemption-fulfilment';
import { requestIn } from './redemptions.service';
import { balanceOf, insertReward, redeem, redeemer, sqlRows } from './redemptions.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const staffActor = async (role: string) => {
  const me = await t.as(role, { method: 'GET', url: '/api/admin/me' });
  return { id: me.json().id as number, role, requestId: null };
};

const ledgerOf = (memberId: number) =>
  sqlRows(t, 'select kind, amount, reference from points_ledger where member_id = $1 order by id', [
    memberId,
  ]);

describe('member API', () => {
  it('lists the rewards a member may redeem: active, for their type, a gift in stock', async () => {
    const m = await redeemer(t, { type: 'architect' });
    const mine = await insertReward(t, { eligibleTypes: ['architect'] });
    const other = await insertReward(t, { eligibleTypes: ['dealer'] });
    const empty = await insertReward(t, { eligibleTypes: ['architect'], stock: 0 });
    const inactive = await insertReward(t, { eligibleTypes: ['architect'], active: false });
    const res = await asMember(t, m.token, { method: 'GET', url: '/api/app/rewards' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((r: { id: number }) => r.id);
    expect(ids).toContain(mine);
    for (const id of [other, empty, inactive]) expect(ids).not.toContain(id);
  });

  it('holds the points at once, takes stock, and replays an Idempotency-Key', async () => {
    const m = await redeemer(t, { balance: 2000 });
    const gift = await insertReward(t, { pointsCost: 600, stock: 3 });
    const first = await redeem(t, m.token, { kind: 'gift', rewardId: gift, quantity: 2 }, 'gift-1');
    expect(first.statusCode).toBe(200);
    const again = await redeem(t, m.token, { kind: 'gift', rewardId: gift, quantity: 2 }, 'gift-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ kind: 'gift', points: 1200, status: 'requested', quantity: 2 });
    expect(first.json().history).toMatchObject([{ fromStatus: null, toStatus: 'requested' }]);
    expect(await balanceOf(t, m.id)).toBe(800);
    expect((await sqlRows(t, 'select stock from rewards where id = $1', [gift]))[0]!.stock).toBe(1);
    expect(await ledgerOf(m.id)).toContainEqual({
      kind: 'redemption_hold',
      amount: -1200,
      reference: `redemption:${first.json().id}`,
    });
    const list = await asMember(t, m.token, { method: 'GET', url: '/api/app/redemptions' });
    expect(list.json()[0].id).toBe(first.json().id);
    // the gift ships to the member's address
    const row = await t.as('finance', { method: 'GET', url: `/api/admin/redemptions/${first.json().id}` });
    expect(row.json().shipTo).toContain('1 Test Street');
  });

  it('refuses what the member may not do, naming the field, with nothing held', async () => {
    const m = await redeemer(t, { balance: 5000, upi: false });
    const cases: [object, number, string][] = [
      [{ kind: 'cash', points: 10, payout: 'bank' }, 400, 'points'],
      [{ kind: 'cash', points: 2000, payout: 'upi' }, 400, 'payout'],
      [{ kind: 'cash', points: 2000 }, 400, 'payout'],
      [{ kind: 'gift' }, 400, 'rewardId'],
      [{ kind: 'cash', points: 9000, payout: 'bank' }, 409, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await redeem(t, m.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(res.json().fields?.[field], res.body).toBeTruthy();
    }
    const voucher = await insertReward(t, {
      type: 'e_voucher',
      stock: null,
      brand: 'Amazon',
      denominationPaise: 50_000,
    });
    expect((await redeem(t, m.token, { kind: 'gift', rewardId: voucher })).json().fields?.kind).toBeTruthy();
    expect((await redeem(t, m.token, { kind: 'voucher', rewardId: voucher, quantity: 2 })).statusCode).toBe(
      400,
    );
    expect(await balanceOf(t, m.id)).toBe(5000);

    const pending = await redeemer(t, { balance: 5000 });
    await t.database.executeSql("update kyc_submissions set status = 'submitted' where member_id = $1", [
      pending.id,
    ]);
    const res = await redeem(t, pending.token, { kind: 'cash', points: 2000, payout: 'bank' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('kyc_not_approved');
  });

  it('tells a blocked, rejected or pending member why they cannot redeem', async () => {
    // The member write guard answers first, with the standing's own message.
    for (const status of ['blocked', 'rejected', 'pending'] as const) {
      const m = await redeemer(t, { balance: 5000 });
      await t.database.executeSql('update members set status = $2 where id = $1', [m.id, status]);
      const res = await redeem(t, m.token, { kind: 'cash', points: 2000, payout: 'bank' });
      expect(res.statusCode, status).toBe(403);
      expect(res.json(), status).toMatchObject({
        error: 'member_not_allowed',
        message: STANDING_MESSAGES[status],
      });
      expect(await balanceOf(t, m.id)).toBe(5000);
    }
  });

  it('cancels before approval only, refunding once', async () => {
    const m = await redeemer(t, { balance: 3000 });
    const a = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'upi' })).json();
    const cancel = (id: number) =>
      asMember(t, m.token, { method: 'POST', url: `/api/app/redemptions/${id}/cancel` });
    expect((await cancel(a.id)).json().status).toBe('cancelled');
    expect((await cancel(a.id)).statusCode).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(3000);
    const b = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'upi' })).json();
    await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${b.id}/approve` });
    expect((await cancel(b.id)).statusCode).toBe(409);
    const other = await redeemer(t);
    expect(
      (await asMember(t, other.token, { method: 'POST', url: `/api/app/redemptions/${b.id}/cancel` }))
        .statusCode,
    ).toBe(404);
    expect(await balanceOf(t, m.id)).toBe(2000);
  });
});

describe('e-vouchers out of stock', () => {
  const voucherReward = (brand: string) =>
    insertReward(t, { type: 'e_voucher', stock: null, brand, denominationPaise: 50_000, pointsCost: 500 });
  const addVoucher = (brand: string, code: string) =>
    t.as('almond team', {
      method: 'POST',
      url: '/api/admin/gift-vouchers',
      payload: { brand, denominationPaise: 50_000, code, pin: '1111', expiresOn: '2099-12-31' },
    });
  const rewardsOf = async (token: string) =>
    (await asMember(t, token, { method: 'GET', url: '/api/app/rewards' })).json() as {
      id: number;
      inStock: boolean;
      waitsForStock: boolean;
      notice: string | null;
    }[];
  const setRule = (voucherOutOfStock: 'wait' | 'refuse') =>
    t.as('almond team', {
      method: 'POST',
      url: '/api/admin/redemption/settings',
      payload: {
        tdsThresholdPaise: 2_000_000,
        tdsRateBp: 1000,
        tdsNoPanRateBp: 2000,
        minCashPoints: 1000,
        voucherOutOfStock,
        effectiveFrom: todayInIndia(),
      },
    });

  it('wait (the default): listed as out of stock, a request is accepted and says it waits for stock', async () => {
    const m = await redeemer(t, { balance: 5000 });
    const brand = `Waits ${m.id}`;
    const reward = await voucherReward(brand);
    expect((await rewardsOf(m.token)).find((r) => r.id === reward)).toEqual(
      expect.objectContaining({
        inStock: false,
        waitsForStock: true,
        notice: REDEMPTION_MESSAGES.rewardWaitsForStock,
      }),
    );
    const res = await redeem(t, m.token, { kind: 'voucher', rewardId: reward });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'requested',
      waitingForStock: true,
      notice: REDEMPTION_MESSAGES.redemptionWaitsForStock,
    });
    expect(await balanceOf(t, m.id)).toBe(4500);
    // one voucher arrives: it is the waiting request's; the reward is still out of stock for a new one
    expect((await addVoucher(brand, `W-${m.id}-1`)).statusCode).toBe(200);
    const mine = async () =>
      (await asMember(t, m.token, { method: 'GET', url: '/api/app/redemptions' })).json()[0];
    expect(await mine()).toMatchObject({ id: res.json().id, waitingForStock: false, notice: null });
    expect((await rewardsOf(m.token)).find((r) => r.id === reward)).toMatchObject({ inStock: false });
    expect((await addVoucher(brand, `W-${m.id}-2`)).statusCode).toBe(200);
    expect((await rewardsOf(m.token)).find((r) => r.id === reward)).toMatchObject({
      inStock: true,
      waitsForStock: false,
      notice: null,
    });
    // a physical gift keeps its own stock figure
    const gift = await insertReward(t, { stock: 3 });
    expect((await rewardsOf(m.token)).find((r) => r.id === gift)).toMatchObject({ inStock: true, stock: 3 });
  });

  it('refuse (a redemption setting): not listed, and a request is refused with nothing held', async () => {
    const m = await redeemer(t, { balance: 5000 });
    const brand = `Refused ${m.id}`;
    const reward = await voucherReward(brand);
    expect((await setRule('refuse')).statusCode).toBe(200);
    try {
      expect((await rewardsOf(m.token)).map((r) => r.id)).not.toContain(reward);
      const res = await redeem(t, m.token, { kind: 'voucher', rewardId: reward });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'out_of_stock', message: REDEMPTION_MESSAGES.outOfStock });
      expect(await balanceOf(t, m.id)).toBe(5000);
      expect((await addVoucher(brand, `R-${m.id}-1`)).statusCode).toBe(200);
      expect((await rewardsOf(m.token)).find((r) => r.id === reward)).toMatchObject({ inStock: true });
      const ok = await redeem(t, m.token, { kind: 'voucher', rewardId: reward });
      expect(ok.json()).toMatchObject({ status: 'requested', waitingForStock: false });
      // that voucher is now promised: the next request is refused
      expect((await redeem(t, m.token, { kind: 'voucher', rewardId: reward })).statusCode).toBe(409);
    } finally {
      expect((await setRule('wait')).statusCode).toBe(200);
    }
    const settings = await t.as('almond team', { url: '/api/admin/redemption/settings' });
    expect(settings.json().find((r: { current: boolean }) => r.current)).toMatchObject({
      voucherOutOfStock: 'wait',
    });
  });
});

describe('approvals and the state machine', () => {
  it('approves, then a second person pays with a UTR; the approver may not; wrong states answer 409', async () => {
    const m = await redeemer(t, { balance: 5000 });
    const r = (await redeem(t, m.token, { kind: 'cash', points: 2000, payout: 'bank' })).json();
    const approve = await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${r.id}/approve` });
    expect(approve.json()).toMatchObject({ status: 'approved', payoutTo: 'State Bank of India •••• 9012' });
    expect(
      (await t.as('cs', { method: 'POST', url: `/api/admin/redemptions/${r.id}/approve` })).statusCode,
    ).toBe(409);
    const byApprover = await t.as('finance', {
      method: 'POST',
      url: `/api/admin/redemptions/${r.id}/paid`,
      payload: { utr: 'UTR123456' },
    });
    expect(byApprover.statusCode).toBe(409);
    expect(byApprover.json().error).toBe('maker_checker');
    const bad = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${r.id}/paid`,
      payload: { utr: 'x!' },
    });
    expect(bad.statusCode).toBe(400);
    const paid = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${r.id}/paid`,
      payload: { utr: 'utr123456' },
    });
    expect(paid.json()).toMatchObject({ status: 'paid', utr: 'UTR123456' });
    expect(
      (
        await t.as('cs', {
          method: 'POST',
          url: `/api/admin/redemptions/${r.id}/failed`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(409);
    const history = (await asMember(t, m.token, { method: 'GET', url: '/api/app/redemptions' })).json()[0]
      .history;
    expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['requested', 'approved', 'paid']);
    const audits = await sqlRows(
      t,
      "select action from audit_log where entity = 'redemption' and entity_id = $1 order by id",
      [String(r.id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['redemption.approved', 'redemption.paid']);
    // the same UTR on another redemption is refused
    const r2 = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json();
    await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${r2.id}/approve` });
    const dup = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${r2.id}/paid`,
      payload: { utr: 'UTR123456' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.utr).toBeTruthy();
  });

  it('rejects with a reason (refund, stock back), many at once with per-row outcomes', async () => {
    const m = await redeemer(t, { balance: 5000 });
    const gift = await insertReward(t, { pointsCost: 1000, stock: 5 });
    const a = (await redeem(t, m.token, { kind: 'gift', rewardId: gift })).json();
    const b = (await redeem(t, m.token, { kind: 'gift', rewardId: gift })).json();
    expect(
      (await t.as('cs', { method: 'POST', url: `/api/admin/redemptions/${a.id}/reject`, payload: {} }))
        .statusCode,
    ).toBe(400);
    const bulk = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/redemptions/bulk/reject',
      payload: { ids: [a.id, b.id, 999_999], reason: 'Out of season' },
    });
    expect(bulk.json().outcomes).toEqual([
      { id: a.id, outcome: 'rejected' },
      { id: b.id, outcome: 'rejected' },
      { id: 999_999, outcome: 'skipped', error: 'Redemption not found' },
    ]);
    expect(await balanceOf(t, m.id)).toBe(5000);
    expect((await sqlRows(t, 'select stock from rewards where id = $1', [gift]))[0]!.stock).toBe(5);
    const again = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/redemptions/bulk/reject',
      payload: { ids: [a.id], reason: 'again' },
    });
    expect(again.json().outcomes[0].outcome).toBe('skipped');
    expect((await ledgerOf(m.id)).filter((e) => e.kind === 'redemption_refund')).toHaveLength(2);
  });

  it('gift: dispatched, delivered or returned (refund once); voucher: fulfilled once', async () => {
    const actor = await staffActor('admin');
    const m = await redeemer(t, { balance: 10_000 });
    const gift = await insertReward(t, { pointsCost: 1000, stock: 5 });
    const g1 = (await redeem(t, m.token, { kind: 'gift', rewardId: gift })).json();
    const g2 = (await redeem(t, m.token, { kind: 'gift', rewardId: gift })).json();
    await t.as('finance', {
      method: 'POST',
      url: '/api/admin/redemptions/bulk/approve',
      payload: { ids: [g1.id, g2.id] },
    });
    const db = t.database.db;
    const dispatch = { courierCompany: 'Blue Dart', awb: 'AWB1', dispatchedOn: '2099-01-01' };
    await db.transaction((tx) => dispatchGift(tx, actor, g1.id, dispatch));
    await expect(db.transaction((tx) => dispatchGift(tx, actor, g1.id, dispatch))).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(
      db.transaction((tx) => markGiftDelivered(tx, actor, g2.id, { deliveredOn: '2099-01-02' })),
    ).rejects.toMatchObject({ statusCode: 409 });
    await db.transaction((tx) => markGiftDelivered(tx, actor, g1.id, { deliveredOn: '2099-01-03' }));
    await db.transaction((tx) => dispatchGift(tx, actor, g2.id, { ...dispatch, awb: 'AWB2' }));
    await db.transaction((tx) => markGiftReturned(tx, actor, g2.id, 'Address not found'));
    await expect(db.transaction((tx) => markGiftReturned(tx, actor, g2.id, 'again'))).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await balanceOf(t, m.id)).toBe(9000);

    const voucher = await insertReward(t, {
      type: 'e_voucher',
      stock: null,
      brand: 'No Stock Brand',
      denominationPaise: 50_000,
      pointsCost: 2000,
    });
    const v = (await redeem(t, m.token, { kind: 'voucher', rewardId: voucher })).json();
    await expect(db.transaction((tx) => fulfil(tx, v.id, 1, actor))).rejects.toMatchObject({
      statusCode: 409,
    });
    await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${v.id}/approve` });
    const waiting = await t.as('finance', { method: 'GET', url: `/api/admin/redemptions/${v.id}` });
    expect(waiting.json().waitingForStock).toBe(true);
    await db.transaction((tx) => fulfil(tx, v.id, 77, actor));
    await expect(db.transaction((tx) => fulfil(tx, v.id, 78, actor))).rejects.toMatchObject({
      statusCode: 409,
    });
    const done = await t.as('finance', { method: 'GET', url: `/api/admin/redemptions/${v.id}` });
    expect(done.json()).toMatchObject({ status: 'fulfilled', voucherId: 77, waitingForStock: false });
  });

  it('answers 403 to roles without the page or the action', async () => {
    const m = await redeemer(t, { balance: 2000 });
    const r = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json();
    for (const role of ['courier', 'marketing', 'printing'])
      expect(
        (await t.as(role, { method: 'POST', url: `/api/admin/redemptions/${r.id}/approve` })).statusCode,
        role,
      ).toBe(403);
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/redemptions' })).statusCode).toBe(403);
    expect(
      (await t.as('finance', { method: 'POST', url: '/api/admin/rewards', payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('courier', { method: 'POST', url: '/api/admin/redemptions/utr-upload' })).statusCode,
    ).toBe(403);
  });
});

describe('TDS (section 194R)', () => {
  const value = (points: number) => points * DEFAULT_PAISE_PER_POINT;
  // 80,000 points = ₹20,000 at the default 25 paise a point

  it('none within the threshold, 10% on the redemption that passes it and after, inside one FY', async () => {
    const m = await redeemer(t, { balance: 1_000_000 });
    const db = t.database.db;
    const at = new Date('2026-06-01T06:00:00Z');
    const a = await db.transaction((tx) =>
      requestIn(tx, m.id, { kind: 'cash', points: 80_000, payout: 'bank', quantity: 1 }, at),
    );
    expect(a).toMatchObject({ valuePaise: value(80_000), tdsPaise: 0, netPaise: value(80_000) });
    const b = await db.transaction((tx) =>
      requestIn(tx, m.id, { kind: 'cash', points: 4_000, payout: 'bank', quantity: 1 }, at),
    );
    expect(b).toMatchObject({ valuePaise: 100_000, tdsPaise: 10_000, netPaise: 90_000 });
    const rows = await sqlRows(
      t,
      'select financial_year, tds_rate_bp, prior_fy_value_paise, tds_borne_by from redemptions where id = $1',
      [b.id],
    );
    expect(rows[0]).toEqual({
      financial_year: '2026-27',
      tds_rate_bp: 1000,
      prior_fy_value_paise: 2_000_000,
      tds_borne_by: 'member',
    });
    // a gift over the threshold: TDS recorded, borne by the company, nothing netted
    const gift = await insertReward(t, { pointsCost: 2000 });
    const g = await db.transaction((tx) =>
      requestIn(tx, m.id, { kind: 'gift', rewardId: gift, quantity: 1 }, at),
    );
    expect(g).toMatchObject({ tdsPaise: 5000, netPaise: 50_000 });
  });

  it('counts each financial year (1 April IST) on its own', async () => {
    const m = await redeemer(t, { balance: 1_000_000 });
    const db = t.database.db;
    const cash = (points: number, at: string) =>
      db.transaction((tx) =>
        requestIn(tx, m.id, { kind: 'cash', points, payout: 'bank', quantity: 1 }, new Date(at)),
      );
    // 31 March 23:59 IST is still 2025-26; 1 April 00:01 IST is 2026-27
    await cash(79_000, '2026-03-31T17:30:00Z');
    expect((await cash(2000, '2026-03-31T18:00:00Z')).tdsPaise).toBe(5000);
    expect((await cash(2000, '2026-03-31T18:29:00Z')).tdsPaise).toBe(5000);
    expect((await cash(2000, '2026-03-31T18:31:00Z')).tdsPaise).toBe(0);
    const fys = await sqlRows(t, 'select financial_year from redemptions where member_id = $1 order by id', [
      m.id,
    ]);
    expect(fys.map((r) => r.financial_year)).toEqual(['2025-26', '2025-26', '2025-26', '2026-27']);
  });

  it('20% without PAN; refunded redemptions do not count towards the threshold', async () => {
    const m = await redeemer(t, { balance: 1_000_000, pan: false });
    const db = t.database.db;
    const at = new Date('2026-07-01T06:00:00Z');
    const cash = (points: number) =>
      db.transaction((tx) => requestIn(tx, m.id, { kind: 'cash', points, payout: 'bank', quantity: 1 }, at));
    const big = await cash(90_000);
    expect(big).toMatchObject({ tdsPaise: 450_000, netPaise: 1_800_000 });
    await t.as('finance', {
      method: 'POST',
      url: `/api/admin/redemptions/${big.id}/reject`,
      payload: { reason: 'Check' },
    });
    expect((await cash(4000)).tdsPaise).toBe(0);
  });
});

describe('TDS after a refund', () => {
  const reject = (id: number) =>
    t.as('finance', {
      method: 'POST',
      url: `/api/admin/redemptions/${id}/reject`,
      payload: { reason: 'No' },
    });
  const row = async (id: number) =>
    (await t.as('finance', { method: 'GET', url: `/api/admin/redemptions/${id}` })).json();

  it('follows the value that stands: a rejection recomputes the open ones; the payout and the statement agree', async () => {
    const m = await redeemer(t, { balance: 200_000 });
    const cash = async (points: number) => {
      const res = await redeem(t, m.token, { kind: 'cash', points, payout: 'bank' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await cash(80_000); // ₹20,000: within the threshold
    expect(first).toMatchObject({ valuePaise: 2_000_000, tdsPaise: 0 });
    const gift = (
      await redeem(t, m.token, { kind: 'gift', rewardId: await insertReward(t, { pointsCost: 2_400 }) })
    ).json(); // ₹600: the year passes ₹20,000
    expect(gift).toMatchObject({ valuePaise: 60_000, tdsPaise: 6_000 });
    expect((await reject(first.id)).statusCode).toBe(200);
    // the gift no longer passes the threshold: its TDS goes, recorded in the audit
    expect(await row(gift.id)).toMatchObject({ tdsPaise: 0, tdsRateBp: 0, netPaise: 60_000 });
    const second = await cash(80_000); // ₹20,600 with the gift
    expect(second).toMatchObject({ tdsPaise: 200_000, netPaise: 1_800_000 });
    const small = await cash(2_000); // ₹500
    expect(small).toMatchObject({ valuePaise: 50_000, tdsPaise: 5_000, netPaise: 45_000 });
    expect((await reject(second.id)).statusCode).toBe(200);
    // the year's value is ₹1,100: no TDS on what is still unpaid
    expect(await row(small.id)).toMatchObject({ tdsPaise: 0, netPaise: 50_000 });
    const mine = (await asMember(t, m.token, { method: 'GET', url: '/api/app/redemptions' })).json();
    expect(mine.find((r: { id: number }) => r.id === small.id)).toMatchObject({
      tdsPaise: 0,
      netPaise: 50_000,
    });
    await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${small.id}/approve` });
    const paid = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${small.id}/paid`,
      payload: { utr: `TDS${small.id}X1` },
    });
    expect(paid.json()).toMatchObject({ status: 'paid', tdsPaise: 0, netPaise: 50_000 });
    const audits = await sqlRows(
      t,
      "select after from audit_log where action = 'redemption.tds_recomputed' and entity_id = $1",
      [String(small.id)],
    );
    expect(audits).toEqual([{ after: { tdsRateBp: 0, tdsPaise: 0, netPaise: 50_000 } }]);

    // the TDS statement: the member's year is ₹1,100 with no TDS
    const res = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'tds_statement', startDate: '2020-04-01', endDate: '2099-03-31' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [code] = await sqlRows(t, 'select code from members where id = $1', [m.id]);
    const ws = wb.worksheets[0]!;
    const rows: string[][] = [];
    ws.eachRow((r) => {
      rows.push(Array.from({ length: r.cellCount }, (_, i) => String(r.getCell(i + 1).value ?? '')));
    });
    const header = rows.find((r) => r.includes('Member code'))!;
    const line = rows.find((r) => r[header.indexOf('Member code')] === String(code!.code))!;
    const cell = (label: string) => Number(line[header.indexOf(label)]);
    expect(cell('Value (₹)')).toBe(1100);
    expect(cell('TDS (₹)')).toBe(0);
  });

  it('a member cancelling, or a failed payout, recomputes as a rejection does', async () => {
    const m = await redeemer(t, { balance: 200_000 });
    const cash = async (points: number) =>
      (await redeem(t, m.token, { kind: 'cash', points, payout: 'bank' })).json();
    const a = await cash(80_000);
    const b = await cash(4_000);
    expect(b.tdsPaise).toBe(10_000);
    await asMember(t, m.token, { method: 'POST', url: `/api/app/redemptions/${a.id}/cancel` });
    expect(await row(b.id)).toMatchObject({ tdsPaise: 0, netPaise: 100_000 });
    const c = await cash(80_000);
    const d = await cash(4_000);
    expect(d.tdsPaise).toBe(10_000);
    await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${c.id}/approve` });
    await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${c.id}/failed`,
      payload: { reason: 'Bounced' },
    });
    expect(await row(d.id)).toMatchObject({ tdsPaise: 0, netPaise: 100_000 });
  });
});

describe('UTR upload', () => {
  async function sheet(rows: (string | number)[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('UTR');
    ws.addRow(['Redemption', 'UTR']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const upload = (role: string, content: Buffer, applyValid = false) => {
    const boundary = '----utr';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="utr.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
    return t.as(role, {
      method: 'POST',
      url: `/api/admin/redemptions/utr-upload?applyValid=${applyValid}`,
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('reports bad rows, applies nothing unless asked, then applies the valid rows', async () => {
    const m = await redeemer(t, { balance: 10_000 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json().id);
    await t.as('finance', {
      method: 'POST',
      url: '/api/admin/redemptions/bulk/approve',
      payload: { ids: ids.slice(0, 2) },
    });
    const content = await sheet([
      [ids[0]!, 'UPLOAD000001'],
      [ids[1]!, 'UPLOAD000002'],
      [ids[2]!, 'UPLOAD000003'], // not approved
      [ids[0]!, 'UPLOAD000004'], // twice
      ['abc', 'UPLOAD000005'],
    ]);
    const dry = await upload('cs', content);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      status: 'has_errors',
      rowsTotal: 5,
      rowsValid: 2,
      rowsApplied: 0,
      errorsTotal: 3,
    });
    expect(
      (await sqlRows(t, "select count(*)::int as n from redemptions where utr like 'UPLOAD%'"))[0]!.n,
    ).toBe(0);
    const report = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/redemptions/utr-upload/errors/${dry.json().errorReportId}`,
    });
    expect(report.statusCode).toBe(200);
    const byApprover = await upload('finance', content, true);
    expect(byApprover.json().rowsApplied).toBe(0);
    const applied = await upload('cs', content, true);
    expect(applied.json()).toMatchObject({ status: 'partially_applied', rowsApplied: 2 });
    const statuses = await sqlRows(
      t,
      'select status from redemptions where id = any($1::int[]) order by id',
      [ids],
    );
    expect(statuses.map((s) => s.status)).toEqual(['paid', 'paid', 'requested']);
    // Applied together, each row keeps its own UTR, history note and audit entry.
    const paid = await sqlRows(
      t,
      `select r.utr, e.note, a.after->>'utr' as audited from redemptions r
         join redemption_events e on e.redemption_id = r.id and e.to_status = 'paid'
         join audit_log a on a.entity_id = r.id::text and a.action = 'redemption.paid'
       where r.id = any($1::int[]) order by r.id`,
      [ids.slice(0, 2)],
    );
    expect(paid).toEqual([
      { utr: 'UPLOAD000001', note: 'UTR UPLOAD000001', audited: 'UPLOAD000001' },
      { utr: 'UPLOAD000002', note: 'UTR UPLOAD000002', audited: 'UPLOAD000002' },
    ]);
    // The member's "paid" message, queued with the move, names the row's own UTR (it said "UTR -").
    const told = await sqlRows(
      t,
      `select cause_id, variables->>'utr' as utr from member_messages
       where cause_kind = 'redemption.paid' and cause_id = any($1::text[]) and channel = 'sms'
       order by cause_id::int`,
      [ids.map(String)],
    );
    expect(told).toEqual([
      { cause_id: String(ids[0]), utr: 'UPLOAD000001' },
      { cause_id: String(ids[1]), utr: 'UPLOAD000002' },
    ]);
  });

  it('refuses a UTR already on another redemption, naming the UTR column', async () => {
    const m = await redeemer(t, { balance: 10_000 });
    const id = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json().id;
    await t.as('finance', {
      method: 'POST',
      url: '/api/admin/redemptions/bulk/approve',
      payload: { ids: [id] },
    });
    const res = await upload('cs', await sheet([[id, 'UPLOAD000001']]), true);
    expect(res.json()).toMatchObject({ rowsApplied: 0, errorsTotal: 1 });
    const report = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/redemptions/utr-upload/errors/${res.json().errorReportId}`,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(JSON.stringify(wb.worksheets[0]!.getSheetValues())).toContain('UTR');
    expect((await sqlRows(t, 'select status from redemptions where id = $1', [id]))[0]!.status).toBe(
      'approved',
    );
  });
});

describe('reports and dashboard', () => {
  it('runs the redemptions and TDS statement reports, and shows the dashboard cards', async () => {
    for (const reportType of ['redemptions', 'tds_statement']) {
      const res = await t.as('finance', {
        method: 'POST',
        url: '/api/admin/downloadReports',
        payload: { reportType, startDate: '2025-04-01', endDate: '2027-03-31' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(1);
    }
    const dash = await t.as('finance', { method: 'GET', url: '/api/admin/dashboard' });
    const keys = dash.json().cards.map((c: { key: string }) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(['redemptions.pending.cash', 'redemptions.tdsThisYear', 'redemptions.value']),
    );
    const member = (await sqlRows(t, 'select member_id from redemptions order by id limit 1'))[0]!.member_id;
    const tab = await t.as('cs', { method: 'GET', url: `/api/admin/users/${member}/redemptions` });
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json().rows.length).toBeGreaterThan(0);
    expect(tab.json().rows.every((r: { memberId: number }) => r.memberId === member)).toBe(true);
  });
});
