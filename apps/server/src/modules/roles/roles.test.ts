import { actionById, actionsOfPage } from '@app/contract/actions';
import { INPUT_MESSAGES } from '@app/contract/input';
import { ALL_PERMISSIONS, BUILT_IN_ROLES, builtInPermissions, SUPER_ROLE } from '@app/contract/permissions';
import { ROLE_MESSAGES, ROLES_MANAGE } from '@app/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { staffKit } from '../staff/staff.test-kit';

let t: TestApp;
let kit: ReturnType<typeof staffKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = staffKit(t);
});
afterAll(() => t.close());

const call = (by: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(by, { method, url, payload });
/** Roles made here sign in with the password alone (second-factor.test.ts covers the second factor). */
const create = (by: string, payload: object) =>
  call(by, 'POST', '/api/admin/roles', { mfaRequired: false, ...payload });
/** Every permission but these pages and their actions (an action never stays without its page). */
const allBut = (...pages: string[]) => {
  const gone = new Set(pages.flatMap((p) => [p, ...actionsOfPage(p).map((a) => a.id)]));
  return ALL_PERMISSIONS.filter((p) => !gone.has(p));
};

describe('GET /api/admin/roles', () => {
  it('lists the built-in roles with permission and staff counts', async () => {
    const res = await call('almond team', 'GET', '/api/admin/roles?perPage=100&sort=name&order=ASC');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as {
      name: string;
      builtIn: boolean;
      permissionsCount: number;
      staffCount: number;
    }[];
    expect(rows.map((r) => r.name).sort()).toEqual([...BUILT_IN_ROLES].sort());
    const cs = rows.find((r) => r.name === 'cs')!;
    expect(cs).toMatchObject({
      builtIn: true,
      staffCount: 1,
      permissionsCount: builtInPermissions('cs').length,
    });
    const search = await call('almond team', 'GET', `/api/admin/roles?filter=${kit.q({ q: 'ADMIN' })}`);
    expect(
      search
        .json()
        .rows.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['admin', 'sub admin', 'super admin']);
  });

  it('is for User Roles holders only', async () => {
    expect((await t.app.inject({ url: '/api/admin/roles' })).statusCode).toBe(401);
    expect((await call('admin', 'GET', '/api/admin/roles')).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/admin/roles', {})).statusCode).toBe(403);
    expect((await call('cs', 'PUT', '/api/admin/roles/1', {})).statusCode).toBe(403);
  });
});

describe('POST /api/admin/roles', () => {
  it('creates a custom role with a lowercased name, audited, with its history', async () => {
    const res = await create('almond team', {
      name: '  Field  Auditor ',
      label: 'Field Auditor',
      permissions: ['/dashboard/feedback', 'group:feedback', '/dashboard'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'field auditor',
      builtIn: false,
      permissions: ['/dashboard', 'group:feedback', '/dashboard/feedback'],
      pagesCount: 2,
      staffCount: 0,
    });
    const detail = await call('almond team', 'GET', `/api/admin/roles/${res.json().id}`);
    expect(detail.json().history).toMatchObject([
      { action: 'role.created', after: { name: 'field auditor' } },
    ]);
  });

  it('names bad fields: name, label, unknown or repeated permissions, duplicates', async () => {
    const empty = await create('almond team', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      name: ROLE_MESSAGES.nameRequired,
      label: ROLE_MESSAGES.labelRequired,
    });
    const badName = await create('almond team', { name: '<script>', label: 'X' });
    expect(badName.json().fields.name).toBe(ROLE_MESSAGES.nameFormat);
    const unknown = await create('almond team', { name: 'x', label: 'X', permissions: ['/dashboard/nope'] });
    expect(unknown.json().fields.permissions).toMatch(/Unknown permissions: \/dashboard\/nope/);
    const twice = await create('almond team', {
      name: 'x',
      label: 'X',
      permissions: ['/dashboard', '/dashboard'],
    });
    expect(twice.json().fields.permissions).toBe(INPUT_MESSAGES.repeated);
    const dup = await create('almond team', { name: 'CS', label: 'Another CS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toBe(ROLE_MESSAGES.nameTaken);
  });
});

describe('escalation and lock-out', () => {
  it('lets a role manager grant only what they hold, and not touch roles above them', async () => {
    const manager = await create('almond team', {
      name: 'role manager',
      label: 'Role Manager',
      permissions: [
        '/dashboard',
        'group:user-management',
        '/dashboard/roles',
        ROLES_MANAGE,
        '/dashboard/manageadmin',
        'staff.manage',
      ],
    });
    const { token } = await kit.createAccount('almond team', 'manager@example.com', 'role manager');
    const above = await create(token, {
      name: 'sneaky',
      label: 'Sneaky',
      permissions: ['/dashboard/invoice'],
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().fields.permissions).toMatch(/Invoice/);
    const within = await create(token, { name: 'viewer', label: 'Viewer', permissions: ['/dashboard'] });
    expect(within.statusCode).toBe(200);
    const superRole = await kit.roleId(SUPER_ROLE);
    expect((await call(token, 'PUT', `/api/admin/roles/${superRole}`, { label: 'Mine' })).statusCode).toBe(
      403,
    );
    const self = await call(token, 'PUT', `/api/admin/roles/${manager.json().id}`, {
      permissions: ['/dashboard', '/dashboard/roles', ROLES_MANAGE, '/dashboard/invoice'],
    });
    expect(self.statusCode).toBe(403);
  });

  it('never lets almond team lose User Roles or the User Management group', async () => {
    const id = await kit.roleId(SUPER_ROLE);
    for (const permissions of [
      allBut('/dashboard/roles'),
      allBut('group:user-management'),
      allBut(ROLES_MANAGE),
    ]) {
      const res = await call('almond team', 'PUT', `/api/admin/roles/${id}`, { permissions });
      expect(res.statusCode, permissions.length.toString()).toBe(409);
      expect(res.json().fields.permissions).toMatch(/must keep/);
    }
    const other = await call('almond team', 'PUT', `/api/admin/roles/${id}`, {
      // A page given up takes its actions with it (an action is held only with its page).
      permissions: ALL_PERMISSIONS.filter(
        (p) => p !== '/dashboard/update_version' && actionById(p)?.page !== '/dashboard/update_version',
      ),
    });
    expect(other.statusCode).toBe(200);
    // Almond team can give itself back what it gave up: it is the root of all rights.
    const back = await call('almond team', 'PUT', `/api/admin/roles/${id}`, {
      permissions: [...ALL_PERMISSIONS],
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('view-only pages', () => {
  it('refuses an action without its page, naming the page', async () => {
    const res = await create('almond team', {
      name: 'orphan',
      label: 'Orphan',
      permissions: ['staff.manage'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.permissions).toMatch(
      /needs its page: staff.manage \(\/dashboard\/manageadmin\)/,
    );
  });

  it('lets a role read a page it may not act on, and a manager grant only actions they hold', async () => {
    await create('almond team', {
      name: 'staff viewer',
      label: 'Staff viewer',
      permissions: ['/dashboard/manageadmin', '/dashboard/roles', ROLES_MANAGE],
    });
    const { token } = await kit.createAccount('almond team', 'viewer@example.com', 'staff viewer');
    expect((await call(token, 'GET', '/api/admin/staff')).statusCode).toBe(200);
    const demo = await kit.staffId('admin@demo.local');
    expect((await call(token, 'POST', `/api/admin/staff/${demo}/deactivate`)).statusCode).toBe(403);
    expect((await call(token, 'GET', '/api/admin/me')).json().permissions).not.toContain('staff.manage');
    const grant = await create(token, {
      name: 'staff actor',
      label: 'Staff actor',
      permissions: ['/dashboard/manageadmin', 'staff.manage'],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().fields.permissions).toMatch(/Add, edit, deactivate staff/);
    const viewOnly = await create(token, {
      name: 'staff looker',
      label: 'Staff looker',
      permissions: ['/dashboard/manageadmin'],
    });
    expect(viewOnly.statusCode).toBe(200);
  });

  it('lets the almond team hold User Roles only with the right to manage it', async () => {
    const id = await kit.roleId(SUPER_ROLE);
    const res = await call('almond team', 'PUT', `/api/admin/roles/${id}`, {
      permissions: ALL_PERMISSIONS.filter((p) => p !== ROLES_MANAGE),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.permissions).toMatch(/must keep Create, edit and delete roles/);
  });
});

describe('PUT /api/admin/roles/:id', () => {
  it('applies a removed permission on the holder’s next request, and audits before/after', async () => {
    const role = await create('almond team', {
      name: 'temp staff admin',
      label: 'Temp',
      permissions: ['/dashboard', '/dashboard/manageadmin'],
    });
    const { token } = await kit.createAccount('almond team', 'temp@example.com', 'temp staff admin');
    expect((await call(token, 'GET', '/api/admin/staff')).statusCode).toBe(200);
    const edit = await call('almond team', 'PUT', `/api/admin/roles/${role.json().id}`, {
      permissions: ['/dashboard'],
    });
    expect(edit.statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/admin/staff')).statusCode).toBe(403);
    expect((await call(token, 'GET', '/api/admin/me')).json().permissions).toEqual(['/dashboard']);
    const [, updated] = await kit.auditOf('role', role.json().id);
    expect(updated).toMatchObject({
      action: 'role.updated',
      before: { permissions: ['/dashboard', '/dashboard/manageadmin'] },
      after: { permissions: ['/dashboard'] },
    });
  });
});

describe('DELETE /api/admin/roles/:id', () => {
  it('deletes an unused custom role, refuses one in use and every built-in role', async () => {
    const unused = await create('almond team', { name: 'short lived', label: 'Short', permissions: [] });
    const id = unused.json().id as number;
    expect((await call('almond team', 'DELETE', `/api/admin/roles/${id}`)).statusCode).toBe(200);
    expect((await call('almond team', 'GET', `/api/admin/roles/${id}`)).statusCode).toBe(404);
    expect((await kit.auditOf('role', id)).map((e) => e.action)).toEqual(['role.created', 'role.deleted']);

    await create('almond team', { name: 'in use', label: 'In use', permissions: ['/dashboard'] });
    await kit.createAccount('almond team', 'user-of-role@example.com', 'in use');
    const inUse = await call('almond team', 'DELETE', `/api/admin/roles/${await kit.roleId('in use')}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/in use by 1 staff account/);
    const builtIn = await call('almond team', 'DELETE', `/api/admin/roles/${await kit.roleId('printing')}`);
    expect(builtIn.statusCode).toBe(409);
  });
});

// Last: it deactivates the demo almond team account, whose cached token then dies.
describe('the last User Roles holder', () => {
  it('cannot remove User Roles from their own custom role', async () => {
    const owner = await create('almond team', {
      name: 'owner',
      label: 'Owner',
      permissions: [...ALL_PERMISSIONS],
    });
    expect(owner.statusCode, owner.body).toBe(200);
    const { token } = await kit.createAccount('almond team', 'owner@example.com', 'owner');
    const demo = await kit.staffId('almond-team@demo.local');
    const manager = await kit.staffId('manager@example.com');
    const viewer = await kit.staffId('viewer@example.com');
    for (const id of [demo, manager, viewer])
      expect((await call(token, 'POST', `/api/admin/staff/${id}/deactivate`)).statusCode).toBe(200);
    const res = await call(token, 'PUT', `/api/admin/roles/${await kit.roleId('owner')}`, {
      permissions: allBut(ROLES_MANAGE),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no active account able to open User Roles/);
  });
});
