import { BUILT_IN_ROLES, builtInPermissions } from '@app/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { memberToken } from '../../modules/content/content.test-kit';
import { postEntry } from '../../modules/ledger/ledger.service';
import { permissionOf } from '../../plugins/access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const encode = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');
const decode = (raw: string) => JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));

/**
 * Every keyset list the API serves, forged cursors and all: a cursor keeps the sort and order of the
 * page that issued it (so it reaches the keyset) with values no column of any type holds, or that
 * overflow an integer, or name a day that does not exist. Each answers 400 naming `cursor`, never
 * a failed cast (500).
 */
describe('forged list cursors', () => {
  it('answer 400 validation_failed naming cursor on every list route', async () => {
    const member = await memberToken(t);
    for (const n of [1, 2])
      await postEntry(t.database.db, {
        memberId: member.id,
        amount: 10,
        kind: 'adjustment',
        reference: `cursor-test:${n}`,
      });
    const field = await t.app.inject({
      method: 'POST',
      url: '/api/field/login',
      payload: { mobile: '8000010006', password: 'field-demo1234' },
    });
    const fieldToken = field.json().token as string;
    const tokenFor = async (access: (typeof t.app.accessTable)[number]['access']) => {
      if (access === 'member') return member.token;
      if (access === 'field') return fieldToken;
      const needed = permissionOf(access);
      const role = BUILT_IN_ROLES.find((r) => needed === undefined || builtInPermissions(r).includes(needed));
      return t.login(role!);
    };
    const get = async (access: (typeof t.app.accessTable)[number]['access'], url: string) =>
      t.as(await tokenFor(access), { url });

    const routes = t.app.accessTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.access !== 'public' && // GET /api/logout would end the session the probe uses
        r.url.startsWith('/api/') &&
        !r.url.endsWith('/export') &&
        !r.url.includes('*'),
    );
    const lists: string[] = [];
    const withoutSecondPage: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const first = await get(route.access, `${url}${url.includes('?') ? '&' : '?'}perPage=1`);
      const body = String(first.headers['content-type'] ?? '').includes('json') ? first.json() : undefined;
      if (first.statusCode !== 200 || !body || !('nextCursor' in body) || !('rows' in body)) continue;
      lists.push(route.url);
      if (!body.nextCursor) {
        withoutSecondPage.push(route.url);
        continue;
      }
      const real = decode(body.nextCursor);
      const forged = [
        { ...real, id: 'not-an-id' },
        { ...real, id: '99999999999999999999999' },
        { ...real, value: '2026-02-30 10:00:00+00', id: '1' },
        { ...real, value: '99999999999999999999', id: '1' },
        { ...real, value: 'zz', id: '1' },
      ];
      for (const cursor of forged) {
        const res = await get(route.access, `${url}?perPage=1&cursor=${encode(cursor)}`);
        const where = `${route.url} ${JSON.stringify(cursor)}`;
        // A value the sort column's type does hold (any text) is a fair cursor: the page answers.
        if (res.statusCode === 200) continue;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
        expect(res.json(), where).toMatchObject({
          error: 'validation_failed',
          fields: { cursor: expect.any(String) },
        });
      }
      // The id is always an integer: its forgery is refused on every list.
      const res = await get(route.access, `${url}?perPage=1&cursor=${encode({ ...real, id: 'x' })}`);
      expect(res.statusCode, route.url).toBe(400);
      // The real cursor still reads the next page.
      expect((await get(route.access, `${url}?perPage=1&cursor=${body.nextCursor}`)).statusCode).toBe(200);
    }
    expect(lists.length).toBeGreaterThanOrEqual(60);
    expect(lists).toContain('/api/app/ledger');
    // The seeded demo data gives nearly every list a second page (56 of 64 when written); a list
    // without one has no cursor to forge from (its sort is the engine's, checked the same way).
    expect(lists.length - withoutSecondPage.length, withoutSecondPage.join(', ')).toBeGreaterThanOrEqual(50);
  }, 300_000); // some 400 requests: a loaded machine takes minutes
});
