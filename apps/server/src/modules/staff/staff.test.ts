import { PASSWORD_MESSAGES } from '@app/contract/auth';
import { STAFF_MESSAGES } from '@app/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { staffKit } from './staff.test-kit';

let t: TestApp;
let kit: ReturnType<typeof staffKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = staffKit(t);
});
afterAll(() => t.close());

const list = (role: string, query = '') => t.as(role, { method: 'GET', url: `/api/admin/staff${query}` });

describe('GET /api/admin/staff', () => {
  it('lists accounts with role, state and last sign-in; searches, filters, sorts and pages', async () => {
    const all = await list('almond team', '?perPage=100');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThanOrEqual(11);
    const me = all.json().rows.find((r: { email: string }) => r.email === 'almond-team@demo.local');
    expect(me).toMatchObject({ role: 'almond team', roleName: 'Almond Team', active: true, locked: false });
    expect(me.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(me).not.toHaveProperty('passwordHash');

    const search = await list('almond team', `?filter=${kit.q({ q: 'FINANCE@' })}`);
    expect(search.json().rows.map((r: { email: string }) => r.email)).toEqual(['finance@demo.local']);
    const byRole = await list('admin', `?filter=${kit.q({ roleId: await kit.roleId('cs') })}`);
    expect(byRole.json().rows.map((r: { role: string }) => r.role)).toEqual(['cs']);
    const inactive = await list('admin', `?filter=${kit.q({ active: false })}`);
    expect(inactive.json().total).toBe(0);

    const sorted = await list('admin', '?sort=email&order=ASC&perPage=3');
    const emails = sorted.json().rows.map((r: { email: string }) => r.email);
    expect(emails).toEqual([...emails].sort());
    expect(sorted.json().rows).toHaveLength(3);
    const next = await list('admin', `?sort=email&order=ASC&perPage=3&cursor=${sorted.json().nextCursor}`);
    expect(next.json().rows[0].email > emails[2]).toBe(true);
    const page2 = await list('admin', '?sort=email&order=ASC&perPage=3&page=2');
    expect(page2.json().rows).toEqual(next.json().rows);
  });

  it('exports the current filter as xlsx and records who took the copy', async () => {
    const res = await list('admin', `/export?filter=${kit.q({ q: 'finance' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/staff\.xlsx/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const [entry] = await kit.auditOf('staff', '*');
    expect(entry).toMatchObject({ action: 'staff.exported', after: { q: 'finance' } });
    expect((await list('cs', '/export')).statusCode).toBe(403);
  });

  it('refuses unknown filters and sorts with a field error', async () => {
    expect((await list('admin', `?filter=${kit.q({ password: 'x' })}`)).json().fields).toHaveProperty(
      'filter.password',
    );
    expect((await list('admin', '?sort=passwordHash')).json().fields).toHaveProperty('sort');
    expect((await list('admin', `?filter=${kit.q({ active: 'maybe' })}`)).statusCode).toBe(400);
  });

  it('is for Manage Admin holders only', async () => {
    expect((await t.app.inject({ url: '/api/admin/staff' })).statusCode).toBe(401);
    expect((await list('cs')).statusCode).toBe(403);
    expect((await t.as('cs', { method: 'POST', url: '/api/admin/staff', payload: {} })).statusCode).toBe(403);
    expect((await t.as('finance', { method: 'GET', url: '/api/admin/staff/1' })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/staff', () => {
  const create = (by: string, payload: object) =>
    t.as(by, { method: 'POST', url: '/api/admin/staff', payload });

  it('creates an account with the given password; it can sign in; the change is audited without the hash', async () => {
    const res = await create('admin', {
      name: '  Priya Sharma ',
      email: 'Priya.Sharma@Example.com',
      mobile: '+91 98765-43210',
      roleId: await kit.roleId('marketing'),
      password: 'Monsoon-Ledger-7',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya.sharma@example.com',
      mobile: '9876543210',
    });
    expect(body).not.toHaveProperty('generatedPassword');
    expect((await kit.login('PRIYA.SHARMA@example.com', 'Monsoon-Ledger-7')).statusCode).toBe(200);
    const [entry] = await kit.auditOf('staff', body.id);
    expect(entry).toMatchObject({
      action: 'staff.created',
      actorRole: 'admin',
      after: { role: 'marketing' },
    });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|passwordHash|Monsoon/);
  });

  it('generates a password when none is given and returns it once', async () => {
    const res = await create('admin', {
      name: 'Generated',
      email: 'gen@example.com',
      roleId: await kit.roleId('marketing'),
    });
    const { generatedPassword, id } = res.json();
    expect(generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await kit.login('gen@example.com', generatedPassword)).statusCode).toBe(200);
    const detail = await t.as('admin', { method: 'GET', url: `/api/admin/staff/${id}` });
    expect(detail.json()).not.toHaveProperty('generatedPassword');
  });

  it('names every bad field and creates nothing', async () => {
    const empty = await create('admin', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      name: STAFF_MESSAGES.nameRequired,
      email: STAFF_MESSAGES.emailRequired,
      roleId: STAFF_MESSAGES.roleRequired,
    });
    const marketing = await kit.roleId('marketing');
    const cases: [object, string, string][] = [
      [{ email: 'not-an-email' }, 'email', STAFF_MESSAGES.emailInvalid],
      [{ mobile: '12345' }, 'mobile', STAFF_MESSAGES.mobileInvalid],
      [{ mobile: '5876543210' }, 'mobile', STAFF_MESSAGES.mobileInvalid],
      [{ password: 'abc' }, 'password', PASSWORD_MESSAGES.tooShort],
      [{ password: 'Password123' }, 'password', STAFF_MESSAGES.passwordCommon],
      [{ roleId: 999999 }, 'roleId', STAFF_MESSAGES.roleUnknown],
    ];
    for (const [patch, field, message] of cases) {
      const res = await create('admin', { name: 'X', email: 'x@example.com', roleId: marketing, ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect((await list('admin', `?filter=${kit.q({ q: 'x@example.com' })}`)).json().total).toBe(0);
  });

  it('refuses breached passwords in disguise for a new account, and takes a strong one', async () => {
    const marketing = await kit.roleId('marketing');
    for (const password of ['Pa$$w0rd', 'Passw0rd!', 'Qwerty@123', 'Admin@1234', 'demo1234']) {
      const email = `breached-${password.length}-${Math.random().toString(36).slice(2, 6)}@example.com`;
      const res = await create('admin', { name: 'Breached', email, roleId: marketing, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields.password, password).toBe(STAFF_MESSAGES.passwordCommon);
    }
    const strong = await create('admin', {
      name: 'Strong',
      email: 'strong-password@example.com',
      roleId: marketing,
      password: 'Mango-Ledger-58',
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });

  it('refuses a second account with the same e-mail in any case', async () => {
    const res = await create('admin', {
      name: 'Dup',
      email: 'CS@Demo.Local',
      roleId: await kit.roleId('marketing'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.email).toBe(STAFF_MESSAGES.emailTaken);
  });

  it('offers every role, marking those above the caller as not assignable', async () => {
    const options = (await list('admin', '/role-options')).json() as { name: string; assignable: boolean }[];
    const assignable = (name: string) => options.find((o) => o.name === name)?.assignable;
    expect(options).toHaveLength(11);
    expect([
      assignable('admin'),
      assignable('marketing'),
      assignable('almond team'),
      assignable('cs'),
    ]).toEqual([true, true, false, false]);
    const all = (await list('almond team', '/role-options')).json() as { assignable: boolean }[];
    expect(all.every((o) => o.assignable)).toBe(true);
  });

  it('refuses to assign a role with rights the creator lacks: only almond team assigns almond team', async () => {
    for (const role of ['almond team', 'cs']) {
      const res = await create('admin', {
        name: 'Up',
        email: `up-${role[0]}@example.com`,
        roleId: await kit.roleId(role),
      });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().fields.roleId).toMatch(/rights you do not hold/);
    }
    const ok = await create('almond team', {
      name: 'Peer',
      email: 'peer@example.com',
      roleId: await kit.roleId('almond team'),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('PUT /api/admin/staff/:id', () => {
  it('changes name, mobile and role, audits before and after, and keeps the e-mail', async () => {
    const { id } = await kit.createAccount('admin', 'edit-me@example.com', 'marketing');
    const res = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/staff/${id}`,
      payload: {
        name: 'Edited',
        mobile: '7012345678',
        roleId: await kit.roleId('super admin'),
        email: 'x@y.z',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edited',
      mobile: '7012345678',
      role: 'super admin',
      email: 'edit-me@example.com',
    });
    const history = (await t.as('admin', { method: 'GET', url: `/api/admin/staff/${id}` })).json().history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['staff.updated', 'staff.created']);
    expect(history[0]).toMatchObject({
      before: { role: 'marketing', mobile: null },
      after: { role: 'super admin' },
    });
  });

  it('refuses editing an account above the editor and raising one above the editor', async () => {
    const above = await kit.staffId('almond-team@demo.local');
    const res = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/staff/${above}`,
      payload: { name: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    const { id } = await kit.createAccount('admin', 'raise-me@example.com', 'marketing');
    const raise = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/staff/${id}`,
      payload: { roleId: await kit.roleId('almond team') },
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().fields.roleId).toBeDefined();
    expect(
      (await t.as('admin', { method: 'PUT', url: '/api/admin/staff/999999', payload: {} })).statusCode,
    ).toBe(404);
  });

  it('refuses a role change that leaves nobody able to open User Roles', async () => {
    // The other almond team account (created above) goes first, so the demo one is the last.
    const peer = await kit.staffId('peer@example.com');
    await t.as('almond team', { method: 'POST', url: `/api/admin/staff/${peer}/deactivate` });
    const me = await kit.staffId('almond-team@demo.local');
    const res = await t.as('almond team', {
      method: 'PUT',
      url: `/api/admin/staff/${me}`,
      payload: { roleId: await kit.roleId('admin') },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no active account able to open User Roles/);
  });
});
