import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestMember } from '../members/members.test-kit';
import { postEntry } from './ledger.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (memberId: number, amount: number, reference: string, kind = 'adjustment' as const) =>
  t.database.db.transaction((tx) => postEntry(tx, { memberId, amount, kind, reference }));

describe('postEntry', () => {
  it('credits, debits and keeps balance_after beside the balance', async () => {
    const id = await insertTestMember(t.database.db);
    expect(await post(id, 100, `t1:${id}`)).toMatchObject({ posted: true, balanceAfter: 100 });
    expect(await post(id, -30, `t2:${id}`)).toMatchObject({ posted: true, balanceAfter: 70 });
    const { rows } = await t.database.executeSql('select balance from members where id = $1', [id]);
    expect(Number(rows[0]!.balance)).toBe(70);
  });

  it('posts one cause once: a repeat changes nothing and says so', async () => {
    const id = await insertTestMember(t.database.db);
    await post(id, 50, `once:${id}`, 'joining' as never);
    const again = await post(id, 50, `once:${id}`, 'joining' as never);
    expect(again).toEqual({ posted: false, entryId: null, balanceAfter: 50 });
    const { rows } = await t.database.executeSql(
      'select count(*) as n from points_ledger where member_id = $1',
      [id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('refuses a debit below zero with 409 insufficient_balance and changes nothing', async () => {
    const id = await insertTestMember(t.database.db);
    await post(id, 10, `c:${id}`);
    await expect(post(id, -11, `d:${id}`)).rejects.toMatchObject({
      statusCode: 409,
      code: 'insufficient_balance',
    });
    const { rows } = await t.database.executeSql('select balance from members where id = $1', [id]);
    expect(Number(rows[0]!.balance)).toBe(10);
  });

  it('refuses a zero amount and an unknown member', async () => {
    const id = await insertTestMember(t.database.db);
    await expect(post(id, 0, `z:${id}`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(post(99_999_999, 5, 'nobody')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the database itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on points_ledger', async () => {
    const id = await insertTestMember(t.database.db);
    await post(id, 5, `guard:${id}`);
    await expect(
      t.database.executeSql('update points_ledger set amount = 500 where member_id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.executeSql('delete from points_ledger where member_id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.executeSql('truncate points_ledger cascade')).rejects.toThrow(/append-only/);
  });

  it('refuses a negative balance even to a direct UPDATE (CHECK constraint)', async () => {
    const id = await insertTestMember(t.database.db);
    await expect(
      t.database.executeSql('update members set balance = -1 where id = $1', [id]),
    ).rejects.toThrow(/members_balance_non_negative/);
  });
});

describe('GET /api/admin/ledger (QR Points History)', () => {
  const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));

  it('lists entries of every kind and filters by kind, member and date', async () => {
    const all = await t.as('cs', { url: '/api/admin/ledger?perPage=500' });
    expect(new Set(all.json().rows.map((r: { kind: string }) => r.kind)).size).toBeGreaterThanOrEqual(4);
    const scans = await t.as('cs', { url: `/api/admin/ledger?filter=${q({ kind: 'scan' })}` });
    expect(scans.json().rows.every((r: { kind: string }) => r.kind === 'scan')).toBe(true);
    const memberId = all.json().rows[0].memberId as number;
    const mine = await t.as('cs', { url: `/api/admin/ledger?perPage=500&filter=${q({ memberId })}` });
    expect(mine.json().rows.every((r: { memberId: number }) => r.memberId === memberId)).toBe(true);
    const future = await t.as('cs', { url: `/api/admin/ledger?filter=${q({ from: '2999-01-01' })}` });
    expect(future.json().total).toBe(0);
    expect((await t.as('cs', { url: `/api/admin/ledger?filter=${q({ kind: 'bonus' })}` })).statusCode).toBe(
      400,
    );
    expect(
      (await t.as('cs', { url: `/api/admin/ledger?filter=${q({ to: 'yesterday' })}` })).json().fields,
    ).toEqual({
      'filter.to': 'Use a date as YYYY-MM-DD',
    });
  });

  it('exports the current filter and refuses roles without the page', async () => {
    const res = await t.as('cs', { url: `/api/admin/ledger/export?filter=${q({ kind: 'joining' })}` });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="points-ledger.xlsx"; filename*=UTF-8''points-ledger.xlsx`,
    );
    expect((await t.as('finance', { url: '/api/admin/ledger' })).statusCode).toBe(403);
    expect((await t.as('printing', { url: '/api/admin/ledger/export' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/ledger' })).statusCode).toBe(401);
  });
});
