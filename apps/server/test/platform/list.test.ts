import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '../../src/modules/reports/reports.test-support';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 23 audit entries to page through, all with the same action so the filter selects them.
  await t.database.executeSql(
    `insert into audit_log (action, entity, entity_id, at)
     select 'test.page', 'thing', g::text, now() - (g % 5) * interval '1 minute' from generate_series(1, 23) g`,
  );
});
afterAll(() => t.close());

const list = (query: Record<string, string | number>) =>
  t.as('almond team', {
    method: 'GET',
    url: '/api/admin/audit',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const filter = JSON.stringify({ action: 'test.page' });

describe('list contract', () => {
  it('walks every row exactly once by cursor, in the same order as by page number', async () => {
    for (const sort of ['id', 'at']) {
      for (const order of ['ASC', 'DESC']) {
        const byCursor: string[] = [];
        let cursor: string | undefined;
        do {
          const res = (await list({ filter, sort, order, perPage: 5, ...(cursor ? { cursor } : {}) })).json();
          expect(res.total).toBe(23);
          byCursor.push(...res.rows.map((r: { entityId: string }) => r.entityId));
          cursor = res.nextCursor ?? undefined;
        } while (cursor);
        const byPage: string[] = [];
        for (let page = 1; page <= 5; page++) {
          byPage.push(
            ...(await list({ filter, sort, order, perPage: 5, page }))
              .json()
              .rows.map((r: { entityId: string }) => r.entityId),
          );
        }
        expect(new Set(byCursor).size, `${sort} ${order}`).toBe(23);
        expect(byCursor, `${sort} ${order}`).toEqual(byPage);
      }
    }
  });

  it('carries the first page total along its cursor, for the same filter only; a forged total is ignored', async () => {
    const first = (await list({ filter, perPage: 5 })).json();
    const cursor = first.nextCursor as string;
    // Rows added after the first page: the next pages keep the total the user was shown.
    await t.database.executeSql(
      `insert into audit_log (action, entity, entity_id, at) values ('test.page', 'thing', 'late', now() - interval '1 hour')`,
    );
    expect((await list({ filter, perPage: 5, cursor })).json().total).toBe(23);
    // The same cursor under another filter counts that filter's rows.
    const other = JSON.stringify({ action: 'test.page', entity: 'thing' });
    expect((await list({ filter: other, perPage: 5, cursor })).json().total).toBe(24);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const forged = Buffer.from(
      JSON.stringify({ ...decoded, total: { n: 'lots', estimated: 1, of: 'x' } }),
    ).toString('base64url');
    const res = await list({ filter, perPage: 5, cursor: forged });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(24);
    await t.database.executeSql(`delete from audit_log where entity_id = 'late'`);
  });

  it('names the offending parameter for unknown filters, sorts and cursors', async () => {
    const badFilter = await list({ filter: JSON.stringify({ nope: 1 }) });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().fields).toHaveProperty('filter.nope');
    const badSort = await list({ sort: 'password' });
    expect(badSort.json().fields).toHaveProperty('sort');
    const badCursor = await list({ cursor: 'garbage' });
    expect(badCursor.statusCode).toBe(400);
    const notJson = await list({ filter: '{oops' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().fields).toHaveProperty('filter');
  });
});

/** Every list route of the app: a GET whose `<path>/export` is also a route (listRoutes registers both). */
const listRoutes = () => {
  const gets = new Set(t.app.accessTable.filter((r) => r.method === 'GET').map((r) => r.url));
  return [...gets].filter((url) => gets.has(`${url}/export`)).sort();
};
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('hostile filters on every list route', () => {
  const hostile: Record<string, string> = {
    proto: '{"__proto__":{}}',
    constructor: '{"constructor":1}',
    toString: '{"toString":"x"}',
    nul: JSON.stringify({ q: 'a\u0000b' }),
    surrogate: '{"q":"\\ud800x"}',
    unknown: '{"noSuchFilter":"x"}',
  };

  it('covers the lists (each has an export beside it)', () => {
    expect(listRoutes()).toEqual(
      expect.arrayContaining([
        '/api/admin/staff',
        '/api/admin/users',
        '/api/admin/coupon-scans',
        '/api/admin/audit',
      ]),
    );
    expect(listRoutes().length).toBeGreaterThanOrEqual(25);
  });

  it('answers a page on every list (its select is rendered once and reused, then decoded as Drizzle would)', async () => {
    for (const url of listRoutes()) {
      for (let i = 0; i < 2; i++) {
        const res = await t.as('almond team', { method: 'GET', url: concrete(url) });
        // A list under a record answers 404 when record 1 does not exist.
        expect([200, 404], `${url}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 200) expect(typeof res.json().total, url).toBe('number');
      }
    }
  });

  it('answers 400 naming the filter, never 500, on the list and its export', async () => {
    for (const url of listRoutes()) {
      for (const path of [url, `${url}/export`]) {
        for (const [name, filter] of Object.entries(hostile)) {
          const res = await t.as('almond team', { method: 'GET', url: concrete(path), query: { filter } });
          expect(res.statusCode, `${path} ${name}: ${res.body}`).toBe(400);
          expect(Object.keys(res.json().fields ?? {}).join(), `${path} ${name}`).toMatch(/^filter\./);
        }
      }
    }
  });
});

describe('list totals and export', () => {
  beforeAll(async () => {
    await t.database.executeSql(
      `insert into audit_log (action, entity, entity_id, at)
       select 'test.bulk', 'thing', g::text, now() - g * interval '1 second' from generate_series(1, 10050) g`,
    );
    await t.database.executeSql(
      `insert into audit_log (action, entity, entity_id, at)
       select 'test.tenk', 'thing', g::text, now() - g * interval '1 second' from generate_series(1, 10000) g`,
    );
  });

  it('counts exactly up to 10,000 and says when the total is an estimate above that', async () => {
    const exact = (await list({ filter })).json();
    expect(exact).toMatchObject({ total: 23 });
    expect(exact.totalIsEstimate).toBeUndefined();
    const many = (await list({ filter: JSON.stringify({ action: 'test.bulk' }), perPage: 1 })).json();
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(10_000);
  });

  it('is exact at 10,000; above, estimated and flagged, never below 10,001, with or without statistics', async () => {
    const tenk = (await list({ filter: JSON.stringify({ action: 'test.tenk' }), perPage: 1 })).json();
    expect(tenk.total).toBe(10_000);
    expect(tenk.totalIsEstimate).toBeUndefined();
    const bulk = JSON.stringify({ action: 'test.bulk' });
    // Without statistics the planner guesses low; with them it knows ~10,050: both are flagged, ≥ 10,001.
    for (const stats of ['none', 'analyzed']) {
      if (stats === 'analyzed') await t.database.executeSql('analyze audit_log');
      const many = (await list({ filter: bulk, perPage: 1 })).json();
      expect(many.totalIsEstimate, stats).toBe(true);
      expect(many.total, stats).toBeGreaterThanOrEqual(10_001);
      // The next page carries the same estimate, still flagged.
      const next = (await list({ filter: bulk, perPage: 1, cursor: many.nextCursor })).json();
      expect(next).toMatchObject({ total: many.total, totalIsEstimate: true });
    }
  });

  it('exports exactly the filtered rows, in the list’s order, however many pages they span', async () => {
    const res = await t.as('almond team', {
      method: 'GET',
      url: '/api/admin/audit/export',
      query: { filter: JSON.stringify({ action: 'test.bulk' }), sort: 'id', order: 'ASC' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log\.xlsx"/);
    const [header, ...rows] = await readSheet(res.rawPayload);
    const entityId = header!.indexOf('Entity ID');
    expect(rows).toHaveLength(10_050);
    expect(rows.map((r) => Number(r[entityId]))).toEqual(Array.from({ length: 10_050 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r[header!.indexOf('Action')]))).toEqual(new Set(['test.bulk']));

    const few = await t.as('almond team', {
      method: 'GET',
      url: '/api/admin/audit/export',
      query: { filter },
    });
    const [, ...fewRows] = await readSheet(few.rawPayload);
    expect(fewRows).toHaveLength(23);
  });
});
