import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const firstId = async (path: string) => {
  const res = await t.as('almond team', { method: 'GET', url: `${path}?perPage=1` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows[0].id as number;
};
const historyOf = (role: string, path: string, id: number) =>
  t.as(role, { method: 'GET', url: `${path}/${id}/history` });

describe('history on every record', () => {
  it('a store, a banner, an employee, a BDE and a notification each show their audit entries', async () => {
    for (const path of [
      '/api/admin/stores',
      '/api/admin/content/banners',
      '/api/admin/content/events',
      '/api/admin/employees',
      '/api/admin/bdes',
      '/api/admin/notifications',
    ]) {
      const id = await firstId(path);
      const res = await historyOf('almond team', path, id);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(Array.isArray(res.json()), path).toBe(true);
      expect((await historyOf('almond team', path, 987654321)).statusCode, path).toBe(404);
    }
  });

  it('a change made to a record is in its history, newest first, with who made it', async () => {
    const id = await firstId('/api/admin/stores');
    expect((await t.as('admin', { method: 'POST', url: `/api/admin/stores/${id}/archive` })).statusCode).toBe(
      200,
    );
    expect((await t.as('admin', { method: 'POST', url: `/api/admin/stores/${id}/restore` })).statusCode).toBe(
      200,
    );
    // cs holds Locator but not Manage Admin (the audit log): the record's history is theirs to read.
    const res = await historyOf('cs', '/api/admin/stores', id);
    expect(res.statusCode).toBe(200);
    const [latest, before] = res.json();
    expect(latest.action).toBe('store.restored');
    expect(before.action).toBe('store.archived');
    expect(latest.actorRole).toBe('admin');
  });

  it('is refused to roles without the record’s page', async () => {
    const id = await firstId('/api/admin/employees');
    expect((await historyOf('printing', '/api/admin/employees', id)).statusCode).toBe(403);
    expect(
      (await historyOf('courier', '/api/admin/notifications', await firstId('/api/admin/notifications')))
        .statusCode,
    ).toBe(403);
  });
});
