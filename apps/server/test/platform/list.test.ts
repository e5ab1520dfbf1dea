import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
