import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, demoActor } from '../../../test/decisions.test-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decideMany } from '../../lib/decisions';
import { insertTestMember } from '../members/members.test-kit';
import { adjustmentDecisions } from './adjustments.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const request = (role: string, memberId: number, payload: object) =>
  t.as(role, { method: 'POST', url: `/api/admin/users/${memberId}/adjustments`, payload });
const decide = (role: string, id: number, action: 'approve' | 'reject', payload: object = {}) =>
  t.as(role, { method: 'POST', url: `/api/admin/adjustments/${id}/${action}`, payload });
const balanceOf = async (id: number) =>
  Number((await t.database.executeSql('select balance from members where id = $1', [id])).rows[0]!.balance);

describe('manual adjustments (maker-checker)', () => {
  it('posts nothing on request, refuses the requester, posts on a second person’s approval', async () => {
    const member = await insertTestMember(t.database.db);
    const res = await request('cs', member, { amount: 120, reason: 'Scan failed on a genuine coupon' });
    expect(res.json()).toMatchObject({ status: 'pending', amount: 120, requestedByName: 'Demo CS' });
    const id = res.json().id as number;
    expect(await balanceOf(member)).toBe(0);
    const self = await decide('cs', id, 'approve');
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      error: 'maker_checker',
      message: expect.stringMatching(/different staff account/),
    });
    const approved = await decide('admin', id, 'approve', { note: 'Checked the scan log' });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decidedByName: 'Demo Admin',
      ledgerEntryId: expect.any(Number),
    });
    expect(await balanceOf(member)).toBe(120);
    expect((await decide('hod', id, 'approve')).statusCode).toBe(409);
    expect(await balanceOf(member)).toBe(120);
    const ledger = await t.as('admin', { url: `/api/admin/users/${member}/ledger` });
    expect(ledger.json().rows).toMatchObject([
      { kind: 'adjustment', reference: `adjustment:${id}`, staffName: 'Demo Admin' },
    ]);
  });

  it('rejects without posting, and a debit beyond the balance stays pending', async () => {
    const member = await insertTestMember(t.database.db);
    const a = (await request('hod', member, { amount: 50, reason: 'Goodwill' })).json().id as number;
    expect((await decide('cs', a, 'reject', { note: 'No basis' })).json().status).toBe('rejected');
    expect(await balanceOf(member)).toBe(0);
    const debit = (await request('hod', member, { amount: -10, reason: 'Correction' })).json().id as number;
    const refused = await decide('cs', debit, 'approve');
    expect(refused.json().error).toBe('insufficient_balance');
    const list = await t.as('cs', {
      url: `/api/admin/adjustments?filter=${encodeURIComponent(JSON.stringify({ memberId: member, status: 'pending' }))}`,
    });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([debit]);
  });

  it('names bad fields and refuses roles without All Users', async () => {
    const member = await insertTestMember(t.database.db);
    const bad = await request('cs', member, { amount: 0, reason: '' });
    expect(bad.json().fields).toMatchObject({
      amount: 'Points cannot be zero',
      reason: 'A reason is required',
    });
    expect((await request('cs', member, { amount: 1.5, reason: 'x' })).json().fields.amount).toBe(
      'Points are whole numbers',
    );
    expect((await request('cs', 999_999, { amount: 5, reason: 'x' })).statusCode).toBe(404);
    expect((await request('printing', member, { amount: 5, reason: 'x' })).statusCode).toBe(403);
    expect((await t.as('marketing', { url: '/api/admin/adjustments' })).statusCode).toBe(403);
    expect((await decide('courier', 1, 'approve')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/adjustments' })).statusCode).toBe(401);
  });
});

describe('adjustments through the shared decision mechanism', () => {
  it('decides a bulk with an outcome per row: own, decided and missing rows are skipped', async () => {
    const member = await insertTestMember(t.database.db);
    const ask = async (role: string, amount: number) =>
      (await request(role, member, { amount, reason: 'Bulk test' })).json().id as number;
    const [mine, theirs, decided] = [await ask('admin', 5), await ask('cs', 7), await ask('cs', 11)];
    await decide('admin', decided, 'reject', { note: 'No' });
    const admin = await demoActor(t, 'admin');
    const before = await auditCount(t, 'adjustment.approved');
    const outcomes = await decideMany(t.app, adjustmentDecisions, [theirs, mine, decided, 999_999], {
      actor: admin,
      result: 'approved',
      reason: 'Bulk',
      input: undefined,
    });
    expect(outcomes).toEqual([
      { id: mine, outcome: 'skipped', error: expect.stringMatching(/different staff account/) },
      { id: theirs, outcome: 'approved' },
      { id: decided, outcome: 'skipped', error: 'This adjustment was already rejected' },
      { id: 999_999, outcome: 'skipped', error: 'Adjustment not found' },
    ]);
    expect(await balanceOf(member)).toBe(7);
    expect(await auditCount(t, 'adjustment.approved')).toBe(before + 1);
  });

  it('answers 409 on a wrong state and changes nothing', async () => {
    const member = await insertTestMember(t.database.db);
    const id = (await request('cs', member, { amount: 9, reason: 'x' })).json().id as number;
    expect((await decide('admin', id, 'reject', { note: 'No' })).statusCode).toBe(200);
    const audits = await auditCount(t, 'adjustment.approved');
    const again = await decide('hod', id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This adjustment was already rejected');
    expect(await balanceOf(member)).toBe(0);
    expect(await auditCount(t, 'adjustment.approved')).toBe(audits);
  });
});
