import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, demoActor } from '../../../test/decisions.test-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decideOne } from '../../lib/decisions';
import { ledgerViolations, NO_VIOLATIONS } from '../ledger';
import { MEMBER_DECISIONS } from './members.service';
import { insertTestMember } from './members.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (role: string, url: string, payload: object) => t.as(role, { method: 'POST', url, payload });
const pending = (values: object = {}) => insertTestMember(t.database.db, { status: 'pending', ...values });
const ledgerOf = async (id: number) =>
  (await t.as('almond team', { url: `/api/admin/users/${id}/ledger` })).json().rows as {
    kind: string;
    amount: number;
    reference: string;
  }[];

describe('Pending User', () => {
  it('lists only pending members', async () => {
    const res = await t.as('cs', {
      url: '/api/admin/pending-users?perPage=200&filter={"status":"approved"}',
    });
    expect(res.json().total).toBeGreaterThan(0);
    expect(res.json().rows.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });

  it('approves many at once, credits joining points once, skips the already decided', async () => {
    const a = await pending({ type: 'architect' });
    const b = await pending();
    const approved = await insertTestMember(t.database.db);
    const res = await post('cs', '/api/admin/pending-users/approve', { ids: [a, b, approved] });
    expect(res.json()).toEqual({
      done: [a, b],
      skipped: [{ id: approved, reason: 'Member is approved' }],
      outcomes: [
        { id: a, outcome: 'approved' },
        { id: b, outcome: 'approved' },
        { id: approved, outcome: 'skipped', error: 'Member is approved' },
      ],
    });
    expect(await ledgerOf(a)).toMatchObject([{ kind: 'joining', amount: 200, reference: `joining:${a}` }]);
    expect(await ledgerOf(b)).toMatchObject([{ kind: 'joining', amount: 100 }]);
    expect(await ledgerViolations(t.database, [a, b])).toEqual(NO_VIOLATIONS);
  });

  it('credits the referrer and the new member when approval is the trigger', async () => {
    const referrer = await insertTestMember(t.database.db);
    const newcomer = await pending({ referredBy: referrer });
    await post('cs', '/api/admin/pending-users/approve', { ids: [newcomer] });
    expect(await ledgerOf(referrer)).toMatchObject([
      { kind: 'referral', amount: 100, reference: `referral:${newcomer}:referrer` },
    ]);
    expect((await ledgerOf(newcomer)).map((e) => e.kind).sort()).toEqual(['joining', 'referral']);
  });

  it('rejects with a required reason; re-approval later credits joining points exactly once', async () => {
    const id = await pending();
    const noReason = await post('cs', '/api/admin/pending-users/reject', { ids: [id] });
    expect(noReason.json().fields).toEqual({ reason: 'A reason is required' });
    expect(
      (await post('cs', '/api/admin/pending-users/reject', { ids: [], reason: 'x' })).json().fields,
    ).toEqual({
      ids: 'Choose at least one member',
    });
    expect(
      (await post('cs', '/api/admin/pending-users/reject', { ids: [id], reason: 'Duplicate' })).json().done,
    ).toEqual([id]);
    const rejected = await t.as('cs', { url: `/api/admin/rejected-users?filter={"q":"${id}"}&perPage=500` });
    expect(rejected.statusCode).toBe(200);
    const re = await post('cs', '/api/admin/rejected-users/reapprove', {
      ids: [id],
      reason: 'Verified by phone',
    });
    expect(re.json().done).toEqual([id]);
    // The joining credit was already posted once for this member: a repeat of the cause adds nothing.
    await t.database.executeSql("update members set status = 'rejected' where id = $1", [id]);
    await post('cs', '/api/admin/rejected-users/reapprove', { ids: [id] });
    expect((await ledgerOf(id)).filter((e) => e.kind === 'joining')).toHaveLength(1);
    const history = await t.as('cs', { url: `/api/admin/users/${id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'member.reapproved',
      'member.reapproved',
      'member.rejected',
    ]);
  });

  it('exports the pending list and refuses roles without the pages', async () => {
    const res = await t.as('cs', { url: '/api/admin/pending-users/export' });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pending-members.xlsx"; filename*=UTF-8''pending-members.xlsx`,
    );
    for (const [method, url] of [
      ['GET', '/api/admin/pending-users'],
      ['POST', '/api/admin/pending-users/approve'],
      ['POST', '/api/admin/pending-users/reject'],
      ['GET', '/api/admin/rejected-users'],
      ['POST', '/api/admin/rejected-users/reapprove'],
    ] as const) {
      expect(
        (
          await t.as('finance', {
            method,
            url,
            payload: method === 'POST' ? { ids: [1], reason: 'x' } : undefined,
          })
        ).statusCode,
        url,
      ).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('member decisions through the shared mechanism', () => {
  it('reject in bulk with an outcome per row, one audit entry per decided member', async () => {
    const a = await pending();
    const gone = 999_999_999;
    const before = await auditCount(t, 'member.rejected');
    const res = await post('cs', '/api/admin/pending-users/reject', { ids: [gone, a], reason: 'Fake shop' });
    expect(res.json().outcomes).toEqual([
      { id: a, outcome: 'rejected' },
      { id: gone, outcome: 'skipped', error: 'Member not found' },
    ]);
    expect(await auditCount(t, 'member.rejected')).toBe(before + 1);
  });

  it('answer 409 on a wrong state and change nothing', async () => {
    const approved = await insertTestMember(t.database.db);
    const decision = {
      actor: await demoActor(t, 'cs'),
      result: 'rejected',
      reason: 'x',
      input: undefined,
    } as const;
    const load = async () => null;
    await expect(decideOne(t.app, MEMBER_DECISIONS.reject, approved, decision, load)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Member is approved',
    });
    const { rows } = await t.database.executeSql('select status from members where id = $1', [approved]);
    expect(rows[0]!.status).toBe('approved');
  });
});
