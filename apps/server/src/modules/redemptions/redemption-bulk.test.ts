import type { DecisionResult } from '@app/contract/decisions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decideMany } from '../../lib/decisions';
import { decideRedemption, decideRedemptions, redemptionDecisions } from './redemptions.service';
import { balanceOf, insertReward, redeem, redeemer, sqlRows } from './redemptions.test-kit';

// The set-based bulk decision (lockMany/applyMany) against the same bulk decided row by row in
// savepoints (the flow without them): outcomes, rows, state history, audit entries, ledger and stock
// must come out the same.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rowByRow = { ...redemptionDecisions, lockMany: undefined, applyMany: undefined };
const MISSING = 999_999;
const IN_STOCK = 'Bulk Test Brand';

/** A member with one redemption of each kind (a voucher with stock and one without) and a decided one. */
async function bulkSet(actor: { id: number; role: string; requestId: null }) {
  const m = await redeemer(t, { balance: 100_000 });
  const gift = await insertReward(t, { pointsCost: 1000, stock: 5 });
  const voucher = (brand: string) =>
    insertReward(t, { type: 'e_voucher', stock: null, brand, denominationPaise: 50_000, pointsCost: 2000 });
  const [stocked, unstocked] = [await voucher(IN_STOCK), await voucher(`No stock ${m.id}`)];
  const bodies = [
    { kind: 'cash', points: 1000, payout: 'bank' },
    { kind: 'cash', points: 1500, payout: 'upi' },
    { kind: 'gift', rewardId: gift, quantity: 2 },
    { kind: 'voucher', rewardId: stocked },
    { kind: 'voucher', rewardId: unstocked },
    { kind: 'cash', points: 1200, payout: 'bank' },
  ];
  const ids: number[] = [];
  for (const body of bodies) {
    const res = await redeem(t, m.token, body);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().id);
  }
  await decideRedemption(t.app, actor, ids.at(-1)!, 'approved', null);
  return { member: m.id, gift, ids };
}

/** What a bulk left behind, with ids, times and entry numbers replaced by what they stand for. */
async function snapshot(set: { member: number; gift: number; ids: number[] }) {
  const index = new Map(set.ids.map((id, i) => [String(id), `R${i}`]));
  const named = (text: string) =>
    text.replace(/\d+/g, (n) => index.get(n) ?? n).replace(/Voucher R?\d+/, 'Voucher #');
  const ids = [set.ids];
  const rows = await sqlRows(
    t,
    `select kind, status, quantity, points, reason, approved_by, decided_by, approved_at is not null as approved,
       voucher_id is not null as voucher, fulfilled_at is not null as fulfilled,
       refund_entry_id is not null as refunded from redemptions where id = any($1) order by id`,
    ids,
  );
  const history = await sqlRows(
    t,
    `select redemption_id::text as redemption, from_status, to_status, staff_id, by_member, note
     from redemption_events where redemption_id = any($1) order by redemption_id, id`,
    ids,
  );
  const audit = await sqlRows(
    t,
    `select actor_id, actor_role, action, entity, entity_id, before, after, request_id from audit_log
     where entity = 'redemption' and entity_id = any($1::text[]) order by entity_id::bigint, id`,
    [set.ids.map(String)],
  );
  const ledger = await sqlRows(
    t,
    "select kind, amount, reference, staff_id, note from points_ledger where member_id = $1 and kind like 'redemption%' order by id",
    [set.member],
  );
  const stock = await sqlRows(t, 'select stock from rewards where id = $1', [set.gift]);
  const stable = (after: Record<string, unknown> | null) =>
    after &&
    Object.fromEntries(
      Object.entries(after).map(([k, v]) => {
        if (k === 'approvedAt' || k === 'fulfilledAt') return [k, typeof v];
        if (k === 'voucherId' || k === 'refundEntryId') return [k, typeof v];
        return [k, typeof v === 'string' ? named(v) : v];
      }),
    );
  type Rows = Record<string, unknown>[];
  return {
    rows,
    history: history.map((h) => ({
      ...h,
      redemption: named(String(h.redemption)),
      note: h.note && named(String(h.note)),
    })) as Rows,
    audit: audit.map((a) => ({
      ...a,
      entity_id: named(String(a.entity_id)),
      after: stable(a.after as Record<string, unknown> | null),
    })) as Rows,
    ledger: ledger.map((l) => ({
      ...l,
      reference: named(String(l.reference)),
      note: named(String(l.note)),
    })) as Rows,
    balance: await balanceOf(t, set.member),
    stock: stock[0]!.stock,
  };
}

describe('bulk redemption decisions: set-based = row by row', () => {
  it.each(['approved', 'rejected'] as DecisionResult[])(
    '%s: the same outcomes, rows, history, audit, ledger and stock',
    async (result) => {
      const me = await t.as('finance', { method: 'GET', url: '/api/admin/me' });
      const actor = { id: me.json().id as number, role: 'finance', requestId: null };
      await t.database.executeSql(
        `insert into gift_vouchers (brand, denomination_paise, code, expires_on)
         values ($1, 50000, $2, '2099-12-31'), ($1, 50000, $3, '2099-12-31')`,
        [IN_STOCK, `SET-${result}-A`, `SET-${result}-B`],
      );
      const [setBased, perRow] = [await bulkSet(actor), await bulkSet(actor)];
      const reason = result === 'rejected' ? 'Out of budget' : null;
      // Out of order and with a missing id: the outcome follows id order either way.
      const shuffled = (ids: number[]) => [MISSING, ...[...ids].reverse()];
      const a = await decideRedemptions(t.app, actor, shuffled(setBased.ids), result, reason);
      const b = await decideMany(t.app, rowByRow, shuffled(perRow.ids), {
        actor,
        result,
        reason,
        input: undefined,
      });
      const byIndex = (ids: number[], outcomes: typeof a) =>
        outcomes.map((o) => ({ ...o, id: ids.indexOf(o.id) === -1 ? o.id : `R${ids.indexOf(o.id)}` }));
      expect(byIndex(setBased.ids, a)).toEqual(byIndex(perRow.ids, b));
      expect(a.filter((o) => o.outcome === 'skipped').map((o) => o.error)).toEqual([
        'This redemption is already approved',
        'Redemption not found',
      ]);
      const [after, expected] = [await snapshot(setBased), await snapshot(perRow)];
      expect(after).toEqual(expected);
      // And what that is: one history row and one audit entry per decided redemption (a stocked
      // voucher two: approved, then fulfilled), a refund each on rejection.
      const decided = after.history.filter((h) => h.to_status === result && h.redemption !== 'R5');
      expect(decided).toHaveLength(5);
      if (result === 'approved') {
        expect(after.rows.map((r) => r.status)).toEqual([
          'approved',
          'approved',
          'approved',
          'fulfilled',
          'approved',
          'approved',
        ]);
        expect(after.audit.map((e) => e.action).filter((x) => x === 'redemption.fulfilled')).toHaveLength(1);
      } else {
        expect(after.ledger.filter((l) => l.kind === 'redemption_refund')).toHaveLength(5);
        expect(after.balance).toBe(100_000 - 1200);
        expect(after.stock).toBe(5);
      }
    },
  );
});
