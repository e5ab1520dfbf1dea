import { isAction } from '@app/contract/actions';
import { ALL_PERMISSIONS, BUILT_IN_ROLES, builtInPermissions } from '@app/contract/permissions';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffKit } from '../src/modules/staff/staff.test-kit';
import { describeAccess, permissionOf, registerAccessControl } from '../src/plugins/access';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** API routes we probe: HEAD routes mirror GET ones; public routes need no probing. */
const apiRoutes = () =>
  t.app.accessTable.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

describe('route permissions', () => {
  it('match the committed snapshot (a change of access shows in review)', async () => {
    const lines = apiRoutes()
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(48)} ${describeAccess(r.access)}`)
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./routes.snapshot.txt');
  });

  it('refuse every protected route to anonymous callers with 401', async () => {
    for (const r of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  const isIntegration = (access: unknown) =>
    typeof access === 'object' && access !== null && 'integration' in access;

  it.each(BUILT_IN_ROLES)('let %s reach only the pages its role table grants', async (role) => {
    const held = new Set(builtInPermissions(role));
    const token = await t.login(role);
    for (const r of apiRoutes()) {
      if (r.access === 'public' || r.url === '/api/logout') continue;
      const res = await t.as(token, {
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      const where = `${role}: ${r.method} ${r.url}`;
      // A staff token is no member or field session, nor an API key: those routes answer it as
      // unauthenticated.
      if (r.access === 'member' || r.access === 'field' || isIntegration(r.access)) {
        expect(res.statusCode, where).toBe(401);
        continue;
      }
      const needed = permissionOf(r.access);
      const allowed = needed === undefined || held.has(needed);
      if (allowed) expect([401, 403], where).not.toContain(res.statusCode);
      else expect(res.statusCode, where).toBe(403);
    }
  });

  it('give a view-only custom role every read and not one action', async () => {
    const pagesOnly = ALL_PERMISSIONS.filter((p) => !isAction(p));
    const role = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/roles',
      payload: { name: 'looker', label: 'Looker', permissions: pagesOnly },
    });
    expect(role.statusCode, role.body).toBe(200);
    const { token } = await staffKit(t).createAccount('almond team', 'looker@example.com', 'looker');
    const protectedRoutes = apiRoutes().filter((r) => permissionOf(r.access) !== undefined);
    const actions = protectedRoutes.filter((r) => typeof r.access === 'object' && 'action' in r.access);
    // Every route that changes something declares an action; reads keep their page.
    expect(actions.length).toBeGreaterThan(30);
    for (const r of protectedRoutes) {
      const res = await t.as(token, {
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      const where = `looker: ${r.method} ${r.url}`;
      if (actions.includes(r)) expect(res.statusCode, where).toBe(403);
      else expect([401, 403], where).not.toContain(res.statusCode);
    }
  });

  it('declare an action on every route that is not a read', () => {
    const writes = apiRoutes().filter((r) => !['GET', 'HEAD'].includes(r.method));
    const undeclared = writes.filter((r) => typeof r.access === 'object' && 'page' in r.access);
    // Asking for a report file is reading Download Report's data, not changing anything.
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/admin/downloadReports']);
  });

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access/);
  });
});
