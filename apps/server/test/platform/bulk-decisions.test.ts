import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember } from '../../src/modules/members/members.test-kit';
import { schemeBody } from '../../src/modules/schemes/schemes.test-kit';
import { createTestApp, type TestApp } from '../harness';

// The bulk routes every decision flow gets from lib/decision-routes.ts: one outcome per row.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (role: string, url: string, payload: object = {}) =>
  t.as(role, { method: 'POST', url, payload });
const outcomesOf = (res: { json: () => { outcomes: { id: number; outcome: string; error?: string }[] } }) =>
  Object.fromEntries(
    res.json().outcomes.map((o) => [o.id, o.error ? `${o.outcome}: ${o.error}` : o.outcome]),
  );

describe('bulk decisions', () => {
  it('approves points adjustments row by row: the decider’s own and missing rows are skipped', async () => {
    const member = await insertTestMember(t.database.db);
    const ask = async (role: string) =>
      (
        await post(role, `/api/admin/users/${member}/adjustments`, { amount: 10, reason: 'Bulk test credit' })
      ).json().id as number;
    const [own, other] = [await ask('cs'), await ask('admin')];
    const res = await post('cs', '/api/admin/adjustments/approve', { ids: [own, other, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(outcomesOf(res)).toEqual({
      [own]: expect.stringMatching(/^skipped: You requested this adjustment/),
      [other]: 'approved',
      999999: 'skipped: Adjustment not found',
    });
    const balance = await t.database.executeSql('select balance from members where id = $1', [member]);
    expect(Number(balance.rows[0]!.balance)).toBe(10);
  });

  it('rejects scheme activations one or many, back to draft, never by their maker', async () => {
    const draft = async () => {
      const created = (
        await post('admin', '/api/admin/schemes', schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 }))
      ).json();
      await post('admin', `/api/admin/schemes/${created.id}/request-activation`);
      return created.id as number;
    };
    const [a, b, c] = [await draft(), await draft(), await draft()];
    const own = await post('admin', '/api/admin/schemes/reject', { ids: [a] });
    expect(outcomesOf(own)).toEqual({ [a]: expect.stringMatching(/^skipped: /) });
    const bulk = await post('almond team', '/api/admin/schemes/reject', { ids: [a, b] });
    expect(outcomesOf(bulk)).toEqual({ [a]: 'rejected', [b]: 'rejected' });
    const one = await post('almond team', `/api/admin/schemes/${c}/reject`);
    expect(one.json()).toMatchObject({ id: c, status: 'draft' });
    expect((await post('almond team', `/api/admin/schemes/${c}/reject`)).statusCode).toBe(409);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from schemes where id = any($1) and status = $2 and activation_requested_by is null',
      [[a, b, c], 'draft'],
    );
    expect(rows[0]).toEqual({ n: 3 });
  });

  it('asks for the reason a flow requires, and refuses repeated or missing ids, naming the field', async () => {
    const noReason = await post('almond team', '/api/admin/damaged-coupons/reject', { ids: [1] });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
    const repeated = await post('almond team', '/api/admin/adjustments/approve', { ids: [1, 1] });
    expect(repeated.statusCode).toBe(400);
    expect(Object.keys(repeated.json().fields)).toEqual(['ids']);
    const none = await post('almond team', '/api/admin/schemes/approve', { ids: [] });
    expect(Object.keys(none.json().fields)).toEqual(['ids']);
  });
});
