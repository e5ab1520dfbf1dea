import { BUILT_IN_ROLES, builtInPermissions } from '@app/contract/permissions';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAccess, registerAccessControl } from '../src/plugins/access';
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
      // A staff token is no member session: member-app routes answer it as unauthenticated.
      if (r.access === 'member') {
        expect(res.statusCode, where).toBe(401);
        continue;
      }
      const allowed = r.access === 'staff' || held.has(r.access.page);
      if (allowed) expect([401, 403], where).not.toContain(res.statusCode);
      else expect(res.statusCode, where).toBe(403);
    }
  });

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access/);
  });
});
