import { INVOICE_MESSAGES as M } from '@app/contract/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// Distributors are the first record served by lib/records.ts: these tests hold the factory's promises.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.as('cs', { method, url, ...(payload ? { payload } : {}) });
const audits = async (id: number) =>
  (
    await t.database.executeSql(
      "select action, before, after from audit_log where entity = 'distributor' and entity_id = $1 order by id",
      [String(id)],
    )
  ).rows as { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> }[];
const body = (code: string) => ({ code, name: 'Shree Traders', state: 'Maharashtra', city: 'Pune' });

describe('a simple record (lib/records.ts, on distributors)', () => {
  it('creates, reads back through its list declaration and audits the row', async () => {
    const res = await send('POST', '/api/admin/distributors', body('rec-01'));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ code: 'REC-01', name: 'Shree Traders', active: true });
    expect((await send('GET', `/api/admin/distributors/${created.id}`)).json()).toEqual(created);
    const [entry] = await audits(created.id);
    expect(entry).toMatchObject({ action: 'distributor.created', before: null, after: { code: 'REC-01' } });
    expect(entry?.after).not.toHaveProperty('createdAt');
  });

  it('answers a taken unique key with the field error, also to the loser of a race', async () => {
    await send('POST', '/api/admin/distributors', body('rec-02'));
    const twice = await Promise.all(
      [1, 2].map(() => send('POST', '/api/admin/distributors', body('rec-02'))),
    );
    for (const res of [...twice]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().fields).toEqual({ code: M.codeTaken });
    }
    const count = await t.database.executeSql(
      "select count(*)::int as n from distributors where code = 'REC-02'",
    );
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it('changes only the fields given, audits before and after, and writes nothing for no change', async () => {
    const { id } = (await send('POST', '/api/admin/distributors', body('rec-03'))).json();
    const edited = await send('PUT', `/api/admin/distributors/${id}`, { city: 'Nashik' });
    expect(edited.json()).toMatchObject({ city: 'Nashik', state: 'Maharashtra', name: 'Shree Traders' });
    const same = await send('PUT', `/api/admin/distributors/${id}`, {
      city: 'Nashik',
      name: 'Shree Traders',
    });
    expect(same.statusCode).toBe(200);
    const actions = await audits(id);
    expect(actions.map((a) => a.action)).toEqual(['distributor.created', 'distributor.updated']);
    expect(actions[1]).toMatchObject({ before: { city: 'Pune' }, after: { city: 'Nashik' } });
  });

  it('answers 404 for a record that does not exist and 400 naming a bad field', async () => {
    const missing = await send('PUT', '/api/admin/distributors/999999', { city: 'Nashik' });
    expect(missing.statusCode).toBe(404);
    expect((await send('GET', '/api/admin/distributors/999999')).statusCode).toBe(404);
    const bad = await send('POST', '/api/admin/distributors', { ...body('rec-04'), state: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('state');
  });
});
