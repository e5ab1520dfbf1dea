import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember } from '../members/members.test-kit';
import { balanceOf, redeem, redeemer, sqlRows } from './redemptions.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('concurrent redemptions (PostgreSQL)', () => {
  it('50 concurrent requests of a member whose balance covers one: one hold, balance never below 0', async () => {
    const m = await redeemer(t, { balance: 1500 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        redeem(t, m.token, { kind: 'cash', points: 1000, payout: i % 2 ? 'bank' : 'upi' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await balanceOf(t, m.id)).toBe(500);
    const holds = await sqlRows(
      t,
      "select count(*)::int as n from points_ledger where member_id = $1 and kind = 'redemption_hold'",
      [m.id],
    );
    expect(holds[0]!.n).toBe(1);
    const rows = await sqlRows(t, 'select count(*)::int as n from redemptions where member_id = $1', [m.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it('concurrent reject and cancel of one redemption: one wins, one refund (10 trials)', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const m = await redeemer(t, { balance: 1000 });
      const r = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json();
      const [reject, cancel] = await Promise.all([
        t.as('finance', {
          method: 'POST',
          url: `/api/admin/redemptions/${r.id}/reject`,
          payload: { reason: 'Race' },
        }),
        asMember(t, m.token, { method: 'POST', url: `/api/app/redemptions/${r.id}/cancel` }),
      ]);
      expect([reject.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const refunds = await sqlRows(
        t,
        "select count(*)::int as n from points_ledger where member_id = $1 and kind = 'redemption_refund'",
        [m.id],
      );
      expect(refunds[0]!.n).toBe(1);
      expect(await balanceOf(t, m.id)).toBe(1000);
    }
  });

  it('refunds of one member racing each other and a bulk approval: no deadlock; what is paid follows what stands', async () => {
    for (let trial = 0; trial < 5; trial++) {
      // eight cash redemptions of ₹5,000: the fifth passes the ₹20,000 threshold
      const m = await redeemer(t, { balance: 160_000 });
      const ids: number[] = [];
      for (let i = 0; i < 8; i++)
        ids.push((await redeem(t, m.token, { kind: 'cash', points: 20_000, payout: 'bank' })).json().id);
      const results = await Promise.all([
        t.as('finance', {
          method: 'POST',
          url: `/api/admin/redemptions/${ids[0]}/reject`,
          payload: { reason: 'Race' },
        }),
        t.as('hod', {
          method: 'POST',
          url: `/api/admin/redemptions/${ids[1]}/reject`,
          payload: { reason: 'Race' },
        }),
        asMember(t, m.token, { method: 'POST', url: `/api/app/redemptions/${ids[2]}/cancel` }),
        t.as('cs', {
          method: 'POST',
          url: '/api/admin/redemptions/bulk/approve',
          payload: { ids: ids.slice(4) },
        }),
      ]);
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      // ₹25,000 stands: only the last one passes the threshold. A row the approval held while a refund
      // recomputed may show its old TDS until it is paid, which fixes it on what stands then.
      for (const id of ids.slice(4)) {
        const paid = await t.as('finance', {
          method: 'POST',
          url: `/api/admin/redemptions/${id}/paid`,
          payload: { utr: `RACE${trial}X${id}` },
        });
        expect(paid.json(), paid.body).toMatchObject({ status: 'paid' });
      }
      const net = await sqlRows(t, 'select net_paise from redemptions where id = any($1) order by id', [
        ids.slice(4),
      ]);
      expect(net.map((r) => r.net_paise)).toEqual([500_000, 500_000, 500_000, 450_000]);
    }
  });

  it('concurrent approvals of one redemption by two staff: one approves, one 409', async () => {
    const m = await redeemer(t, { balance: 1000 });
    const r = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json();
    const results = await Promise.all(
      ['finance', 'cs', 'hod'].map((role) =>
        t.as(role, { method: 'POST', url: `/api/admin/redemptions/${r.id}/approve` }),
      ),
    );
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409, 409]);
    const events = await sqlRows(
      t,
      "select count(*)::int as n from redemption_events where redemption_id = $1 and to_status = 'approved'",
      [r.id],
    );
    expect(events[0]!.n).toBe(1);
  });

  it('two concurrent bulk approvals over overlapping ids: each approved once, one history row and one audit entry', async () => {
    const m = await redeemer(t, { balance: 100_000 });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push((await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json().id);
    // Overlapping halves, given in opposite orders: both lock in id order, so neither deadlocks.
    const [first, second] = [ids.slice(0, 20), ids.slice(10).reverse()];
    const results = await Promise.all(
      [
        ['finance', first],
        ['cs', second],
      ].map(([role, batch]) =>
        t.as(role as string, {
          method: 'POST',
          url: '/api/admin/redemptions/bulk/approve',
          payload: { ids: batch },
        }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const outcomes = results.flatMap((res) => res.json().outcomes as { id: number; outcome: string }[]);
    for (const id of ids)
      expect(
        outcomes.filter((o) => o.id === id && o.outcome === 'approved'),
        `redemption ${id}`,
      ).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'skipped')).toHaveLength(10);
    const once = await sqlRows(
      t,
      `select r.id::int as id, r.status,
         (select count(*)::int from redemption_events e where e.redemption_id = r.id and e.to_status = 'approved') as history,
         (select count(*)::int from audit_log a where a.entity = 'redemption' and a.entity_id = r.id::text
            and a.action = 'redemption.approved') as audit
       from redemptions r where r.id = any($1) order by r.id`,
      [ids],
    );
    expect(once).toEqual(ids.map((id) => ({ id, status: 'approved', history: 1, audit: 1 })));
  });
});
