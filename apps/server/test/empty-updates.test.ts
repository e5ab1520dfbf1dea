import { demoEmail } from '@app/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { isIntegration, staffRoleFor } from './request-samples';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async (sql: string, values: unknown[] = []) =>
  Number(((await t.database.executeSql(sql, values)).rows[0] as { n: number | null }).n ?? 1);
const auditCount = () => one('select count(*)::int as n from audit_log');

/**
 * `{}` on every update route (docs/decisions.md, "Empty updates"): a partial update that changes
 * nothing answers 200 with the record as it is and writes no audit entry; a route whose body is the
 * whole record answers 400 naming its required fields. `id` finds a record the caller may edit.
 */
const EMPTY_UPDATE: Record<string, { id?: () => Promise<number>; expect: 'unchanged' | string[] }> = {
  'PUT /api/admin/content/social-links/:id': {
    id: () => one('select min(id)::int as n from social_links'),
    expect: 'unchanged',
  },
  'PUT /api/admin/content/documents/:id': {
    id: () => one("select min(id)::int as n from documents where status = 'draft'"),
    expect: 'unchanged',
  },
  'PUT /api/admin/content/virtual-room/:id': {
    id: () => one('select min(id)::int as n from virtual_rooms'),
    expect: 'unchanged',
  },
  'PUT /api/admin/content/gallery/:id': {
    id: () => one('select min(id)::int as n from gallery_albums'),
    expect: 'unchanged',
  },
  'PUT /api/admin/content/gallery/:id/images/order': { expect: ['imageIds'] },
  'PUT /api/admin/content/banners/:id': {
    id: () => one('select min(id)::int as n from banners'),
    expect: 'unchanged',
  },
  'PUT /api/admin/content/events/:id': {
    id: () => one('select min(id)::int as n from events'),
    expect: 'unchanged',
  },
  'PUT /api/admin/distributors/:id': {
    id: () => one('select min(id)::int as n from distributors'),
    expect: 'unchanged',
  },
  'PUT /api/admin/products/:id': {
    id: () => one('select min(id)::int as n from products'),
    expect: 'unchanged',
  },
  'PUT /api/admin/rewards/:id': {
    id: () => one('select min(id)::int as n from rewards'),
    expect: 'unchanged',
  },
  'PUT /api/admin/roles/:id': {
    id: () => one("select id as n from roles where name = 'cs'"),
    expect: 'unchanged',
  },
  'PUT /api/admin/staff/:id': {
    id: () => one('select id as n from staff where email = $1', [demoEmail('cs')]),
    expect: 'unchanged',
  },
  'PUT /api/admin/stores/:id': {
    id: () => one('select min(id)::int as n from stores'),
    expect: 'unchanged',
  },
  'PUT /api/admin/schemes/:id': { expect: ['name', 'startsOn', 'endsOn', 'rule'] },
  'PUT /api/admin/games/:id': { expect: ['name', 'kind', 'startsOn', 'endsOn', 'playsPerDay', 'prizes'] },
  'PUT /api/admin/updatePassword': { expect: ['password', 'confirmPassword'] },
  'PUT /api/admin/message-templates/:id': { expect: ['body', 'dltTemplateId'] },
  'PUT /api/admin/app-versions/:platform': { expect: ['latest', 'minimum', 'force'] },
  'PUT /api/admin/employees/:id': {
    id: () => one('select min(id)::int as n from employees'),
    expect: 'unchanged',
  },
  'PUT /api/admin/bdes/:id': {
    id: () => one('select min(employee_id)::int as n from bdes'),
    expect: 'unchanged',
  },
  'PUT /api/admin/bdes/:id/password': { expect: ['password'] },
  // Names nothing, so changes nothing (a write changes only the preferences it names).
  'PUT /api/admin/me/preferences': { expect: 'unchanged' },
  'PUT /api/admin/members/:id/dealer': { expect: ['dealerCode'] },
  'PUT /api/admin/segments/:id': { expect: ['name'] },
  'PUT /api/admin/webhooks/:id': { expect: ['url'] },
};

describe('an empty update', () => {
  // Staff updates: the member's own profile update is covered by the member write tests.
  it('has one expected answer listed for every staff PUT and PATCH route', () => {
    const routes = t.app.accessTable
      .filter(
        (r) =>
          (r.method === 'PUT' || r.method === 'PATCH') && r.access !== 'member' && !isIntegration(r.access),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(Object.keys(EMPTY_UPDATE).sort());
  });

  it.each(Object.entries(EMPTY_UPDATE))('%s {}', async (route, { id, expect: expected }) => {
    const [method, pattern] = route.split(' ') as ['PUT', string];
    const access = t.app.accessTable.find((r) => `${r.method} ${r.url}` === route)!.access;
    const url = pattern.replace(':id', String(id ? await id() : 1)).replace(':platform', 'android');
    const role = staffRoleFor(access);
    const before = await auditCount();
    const res = await t.as(role, { method, url, payload: {} });
    if (expected === 'unchanged') {
      expect(res.statusCode, res.body).toBe(200);
      const current = await t.as(role, { method: 'GET', url });
      expect(current.json()).toMatchObject(res.json());
      expect(await auditCount()).toBe(before);
    } else {
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(expected));
    }
  });
});
