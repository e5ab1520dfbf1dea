import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness';
import { asMember } from '../members/members.test-kit';
import { balanceOf, redeem, redeemer, sqlRows } from './redemptions.test-kit';

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
});
afterAll(() => t?.close());

describe.runIf(onPostgres)('concurrent redemptions (PostgreSQL)', () => {
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
});
