import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { postEntry } from '../ledger';
import { asMember } from '../members/members.test-kit';
import { insertReward, redeem, redeemer } from '../redemptions/redemptions.test-kit';
import { holdingRules, latestHold, pointsOf } from './scan-holds.test-kit';

let t: TestApp;
let scan: Awaited<ReturnType<typeof holdingRules>>;
beforeAll(async () => {
  t = await createTestApp();
  scan = await holdingRules(t);
});
afterAll(() => t?.close());

const URL = '/api/admin/scan-holds';
const sql = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;

/** A member with approved KYC, 500 points, one credited scan of 1,000 and one held scan of `held`. */
async function memberWithHold(held = 1000) {
  const m = await redeemer(t, { balance: 500 });
  const first = await scan(m.token, 1000);
  expect(first).toMatchObject({ result: 'success', points: 1000, heldPoints: 0 });
  const before = await pointsOf(t, m.id);
  const second = await scan(m.token, held);
  expect(second).toMatchObject({ result: 'success', points: held, heldPoints: held });
  const hold = await latestHold(t, m.id);
  return { ...m, hold, before };
}

describe('a scan rule with the action hold', () => {
  it('credits the scan but holds its points: in the balance, in the profile, not redeemable by any path', async () => {
    const m = await memberWithHold(1000);
    expect(await pointsOf(t, m.id)).toEqual({ balance: 2500, held: 1000, ledgerSum: 2500, openLots: 2500 });
    const [scanRow] = await sql(
      'select flags from coupon_scans where member_id = $1 order by id desc limit 1',
      [m.id],
    );
    expect(scanRow!.flags).toContain('too_many_per_hour');
    const profile = await asMember(t, m.token, { url: '/api/app/profile' });
    expect(profile.json()).toMatchObject({ balance: 2500, heldPoints: 1000, heldScans: [{ points: 1000 }] });

    const gift = await insertReward(t, { pointsCost: 2000 });
    const voucher = await insertReward(t, {
      type: 'e_voucher',
      stock: null,
      brand: 'Amazon',
      denominationPaise: 50_000,
      pointsCost: 2000,
    });
    const paths = [
      { kind: 'gift', rewardId: gift, quantity: 1 },
      { kind: 'voucher', rewardId: voucher, quantity: 1 },
      { kind: 'cash', points: 2000, payout: 'upi' },
      { kind: 'cash', points: 2000, payout: 'bank' },
    ];
    for (const body of paths) {
      const res = await redeem(t, m.token, body);
      expect(res.statusCode, `${body.kind}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ error: 'points_on_hold' });
      expect(res.json().message).toContain('1,500');
    }
    expect(await sql('select id from redemptions where member_id = $1', [m.id])).toEqual([]);
    // Any other debit into held points is refused by post_points itself (inside the member's lock).
    await expect(
      postEntry(t.database.db, { memberId: m.id, amount: -1501, kind: 'adjustment', reference: `t:${m.id}` }),
    ).rejects.toMatchObject({ statusCode: 409 });
    // What is not held is redeemable: everything but the held points.
    const cash = await redeem(t, m.token, { kind: 'cash', points: 1500, payout: 'upi' });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(await pointsOf(t, m.id)).toMatchObject({
      balance: 1000,
      held: 1000,
      ledgerSum: 1000,
      openLots: 1000,
    });
    // The held lot was not taken by the debit (FIFO skips held lots).
    expect(
      await sql('select remaining from points_lots where held_by = $1', [m.hold.id]).then(
        (r) => r[0]?.remaining,
      ),
    ).toBe(1000);
  });

  it('tells a Hindi-speaking member in Hindi', async () => {
    const m = await memberWithHold(1000);
    await sql(`update members set language = 'hi' where id = $1`, [m.id]);
    const res = await redeem(t, m.token, { kind: 'cash', points: 2000, payout: 'upi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('जाँच के लिए रोके गए');
  });

  it('a held lot does not expire while held; released, its expiry starts from the release', async () => {
    const m = await memberWithHold(1000);
    await sql(`update points_lots set expires_at = now() - interval '1 day' where member_id = $1`, [m.id]);
    await sql('select expire_points_batch(now(), 1000)');
    // Everything but the held lot expired; the held points stay, held.
    expect(await pointsOf(t, m.id)).toMatchObject({ balance: 1000, held: 1000, ledgerSum: 1000 });
    const [lot] = await sql('select remaining, expired_entry_id from points_lots where held_by = $1', [
      m.hold.id,
    ]);
    expect(lot).toMatchObject({ remaining: 1000, expired_entry_id: null });
    expect((await t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/claim` })).statusCode).toBe(200);
    expect((await t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/clear` })).statusCode).toBe(200);
    const [released] = await sql(
      `select l.held_by, l.expires_at is not distinct from points_expiry_at(h.decided_at) as "fromRelease"
         from points_lots l join scan_holds h on h.id = $2 where l.member_id = $1 and l.remaining > 0`,
      [m.id, m.hold.id],
    );
    expect(released).toEqual({ held_by: null, fromRelease: true });
    expect(await pointsOf(t, m.id)).toMatchObject({
      balance: 1000,
      held: 0,
      ledgerSum: 1000,
      openLots: 1000,
    });
  });
});

describe('the Review queue', () => {
  it('lists held and flagged scans with filters; claim is one reviewer at a time; clear releases once, audited', async () => {
    const m = await memberWithHold(700);
    const filter = encodeURIComponent(JSON.stringify({ memberId: m.id, review: 'held' }));
    const list = await t.as('cs', { url: `${URL}?filter=${filter}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        holdId: m.hold.id,
        holdStatus: 'held',
        heldPoints: 700,
        flags: expect.arrayContaining(['too_many_per_hour']),
      }),
    ]);
    const exported = await t.as('cs', { url: `${URL}/export?filter=${filter}` });
    expect(exported.statusCode).toBe(200);
    const bad = await t.as('cs', {
      url: `${URL}?filter=${encodeURIComponent(JSON.stringify({ review: 'x' }))}`,
    });
    expect(bad.statusCode).toBe(400);

    const id = m.hold.id;
    expect((await t.as('cs', { method: 'POST', url: `${URL}/${id}/clear` })).json()).toMatchObject({
      error: 'not_claimed',
    });
    expect((await t.as('cs', { method: 'POST', url: `${URL}/${id}/claim` })).statusCode).toBe(200);
    const other = await t.as('hod', { method: 'POST', url: `${URL}/${id}/claim` });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('claimed_by_other');
    expect((await t.as('hod', { method: 'POST', url: `${URL}/${id}/clear` })).statusCode).toBe(409);
    const cleared = await t.as('cs', { method: 'POST', url: `${URL}/${id}/clear` });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ status: 'cleared', points: 700 });
    expect((await t.as('cs', { method: 'POST', url: `${URL}/${id}/clear` })).statusCode).toBe(409);
    expect(await pointsOf(t, m.id)).toMatchObject({ balance: 2200, held: 0, ledgerSum: 2200 });
    const history = await t.as('cs', { url: `${URL}/${id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'scan_hold.cleared',
      'scan_hold.claimed',
    ]);
  });

  it('reversal: reason required, maker cannot approve, exact (balance as before the scan, ledger = balance), once', async () => {
    const m = await memberWithHold(800);
    const id = m.hold.id;
    await t.as('cs', { method: 'POST', url: `${URL}/${id}/claim` });
    const noReason = await t.as('cs', { method: 'POST', url: `${URL}/${id}/reverse`, payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const asked = await t.as('cs', {
      method: 'POST',
      url: `${URL}/${id}/reverse`,
      payload: { reason: 'Scans from one phone for many members' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'reversal_requested' });
    // Still held while the reversal waits.
    expect(await pointsOf(t, m.id)).toMatchObject({ held: 800 });
    const own = await t.as('cs', { method: 'POST', url: `${URL}/${id}/reversal/approve`, payload: {} });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('maker_checker');
    const approved = await t.as('hod', { method: 'POST', url: `${URL}/${id}/reversal/approve`, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'reversed', reversalEntryId: expect.any(Number) });
    expect(await pointsOf(t, m.id)).toEqual({ ...m.before, held: 0 });
    const entries = await sql(
      `select amount, kind, reference from points_ledger where member_id = $1 and kind = 'scan_reversal'`,
      [m.id],
    );
    expect(entries).toEqual([{ amount: -800, kind: 'scan_reversal', reference: `scan-hold:${id}` }]);
    // The coupon stays scanned: a reversed code cannot be scanned again.
    const [coupon] = await sql(
      'select c.status from coupons c join coupon_scans s on s.coupon_serial = c.serial join scan_holds h on h.scan_id = s.id where h.id = $1',
      [id],
    );
    expect(coupon!.status).toBe('scanned');
    expect(
      (await t.as('almond team', { method: 'POST', url: `${URL}/${id}/reversal/approve`, payload: {} }))
        .statusCode,
    ).toBe(409);
    expect(await pointsOf(t, m.id)).toEqual({ ...m.before, held: 0 });
  });

  it('a rejected reversal needs a reason and puts the scan back to held', async () => {
    const m = await memberWithHold(300);
    await t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/claim` });
    await t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/reverse`, payload: { reason: 'Odd' } });
    const noReason = await t.as('hod', {
      method: 'POST',
      url: `${URL}/${m.hold.id}/reversal/reject`,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await t.as('hod', {
      method: 'POST',
      url: `${URL}/${m.hold.id}/reversal/reject`,
      payload: { reason: 'The dealer confirmed the sale' },
    });
    expect(rejected.json()).toMatchObject({ status: 'held', claimedBy: expect.any(Number) });
    expect(await pointsOf(t, m.id)).toMatchObject({ held: 300 });
  });

  it('refuses roles without the page or actions (403)', async () => {
    const m = await memberWithHold(100);
    expect((await t.as('finance', { url: URL })).statusCode).toBe(403);
    for (const path of ['claim', 'clear', 'reversal/approve', 'reversal/reject'])
      expect(
        (await t.as('finance', { method: 'POST', url: `${URL}/${m.hold.id}/${path}`, payload: {} }))
          .statusCode,
      ).toBe(403);
    expect(
      (
        await t.as('finance', {
          method: 'POST',
          url: `${URL}/${m.hold.id}/reverse`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await pointsOf(t, m.id)).toMatchObject({ held: 100 });
  });
});

describe('concurrency on one hold (PostgreSQL)', () => {
  it('concurrent clears release the points once', async () => {
    const m = await memberWithHold(600);
    await t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/claim` });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/clear` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await pointsOf(t, m.id)).toMatchObject({ balance: 2100, held: 0, ledgerSum: 2100 });
    const audited = await sql(
      `select count(*)::int as n from audit_log where entity = 'scan_holds' and entity_id = $1 and action = 'scan_hold.cleared'`,
      [String(m.hold.id)],
    );
    expect(audited[0]!.n).toBe(1);
  });

  it('concurrent approvals and a rejection of one reversal: exactly one decision, the reversal posted at most once', async () => {
    const m = await memberWithHold(900);
    await t.as('cs', { method: 'POST', url: `${URL}/${m.hold.id}/claim` });
    await t.as('cs', {
      method: 'POST',
      url: `${URL}/${m.hold.id}/reverse`,
      payload: { reason: 'Fraud ring' },
    });
    const results = await Promise.all([
      t.as('hod', { method: 'POST', url: `${URL}/${m.hold.id}/reversal/approve`, payload: {} }),
      t.as('almond team', { method: 'POST', url: `${URL}/${m.hold.id}/reversal/approve`, payload: {} }),
      t.as('admin', { method: 'POST', url: `${URL}/${m.hold.id}/reversal/approve`, payload: {} }),
      t.as('sub admin', {
        method: 'POST',
        url: `${URL}/${m.hold.id}/reversal/reject`,
        payload: { reason: 'No' },
      }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const [hold] = await sql('select status from scan_holds where id = $1', [m.hold.id]);
    const reversals = await sql(`select count(*)::int as n from points_ledger where reference = $1`, [
      `scan-hold:${m.hold.id}`,
    ]);
    expect(reversals[0]!.n).toBe(hold!.status === 'reversed' ? 1 : 0);
    const after = await pointsOf(t, m.id);
    expect(after.ledgerSum).toBe(after.balance);
    if (hold!.status === 'reversed') expect(after).toEqual({ ...m.before, held: 0 });
    else expect(after).toMatchObject({ held: 900 });
  });
});
