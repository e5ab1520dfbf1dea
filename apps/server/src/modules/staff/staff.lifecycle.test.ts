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

const post = (by: string, url: string, payload?: object) => t.as(by, { method: 'POST', url, payload });
const me = (token: string) => t.as(token, { method: 'GET', url: '/api/admin/me' });

describe('deactivate and reactivate', () => {
  it('ends every session of the account at once and audits it; reactivation lets it sign in again', async () => {
    const { id, token } = await kit.createAccount('admin', 'leaver@example.com', 'marketing');
    const second = await kit.tokenOf('leaver@example.com', 'Sturdy-Pass-42');
    expect((await me(token)).statusCode).toBe(200);

    const res = await post('admin', `/api/admin/staff/${id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from sessions where staff_id = $1 and ended_at is null',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
    expect((await kit.login('leaver@example.com', 'Sturdy-Pass-42')).statusCode).toBe(401);

    expect((await post('admin', `/api/admin/staff/${id}/reactivate`)).json().active).toBe(true);
    expect((await kit.login('leaver@example.com', 'Sturdy-Pass-42')).statusCode).toBe(200);
    const actions = (await kit.auditOf('staff', id)).map((e) => e.action);
    expect(actions).toEqual(['staff.created', 'staff.deactivated', 'staff.reactivated']);
  });

  it('refuses deactivating oneself', async () => {
    const self = await kit.staffId('admin@demo.local');
    const res = await post('admin', `/api/admin/staff/${self}/deactivate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot deactivate your own account');
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
  });

  it('refuses deactivating an account whose role has more rights', async () => {
    const above = await kit.staffId('almond-team@demo.local');
    expect((await post('admin', `/api/admin/staff/${above}/deactivate`)).statusCode).toBe(403);
    expect((await t.as('almond team', { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
  });

  it('is idempotent and 404s unknown accounts', async () => {
    const { id } = await kit.createAccount('admin', 'twice@example.com', 'marketing');
    await post('admin', `/api/admin/staff/${id}/deactivate`);
    expect((await post('admin', `/api/admin/staff/${id}/deactivate`)).statusCode).toBe(200);
    expect((await kit.auditOf('staff', id)).filter((e) => e.action === 'staff.deactivated')).toHaveLength(1);
    expect((await post('admin', '/api/admin/staff/999999/deactivate')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/staff/:id/reset-password', () => {
  it('sets the given password, ends the sessions, lifts a lock and audits without the password', async () => {
    const { id, token } = await kit.createAccount('admin', 'forgetful@example.com', 'marketing');
    for (let i = 0; i < 5; i++) await kit.login('forgetful@example.com', 'wrong-guess');
    expect((await kit.login('forgetful@example.com', 'Sturdy-Pass-42')).statusCode).toBe(423);

    const res = await post('admin', `/api/admin/staff/${id}/reset-password`, { password: 'Fresh-Start-99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id });
    expect((await me(token)).statusCode).toBe(401);
    expect((await kit.login('forgetful@example.com', 'Fresh-Start-99')).statusCode).toBe(200);
    const entry = (await kit.auditOf('staff', id)).find((e) => e.action === 'staff.password_reset');
    expect(entry?.after).toEqual({ generated: false, unlocked: true });
  });

  it('generates a password when none is given', async () => {
    const { id } = await kit.createAccount('admin', 'gen-reset@example.com', 'marketing');
    const res = await post('admin', `/api/admin/staff/${id}/reset-password`, {});
    const { generatedPassword } = res.json();
    expect(generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await kit.login('gen-reset@example.com', generatedPassword)).statusCode).toBe(200);
  });

  it('refuses common or short passwords, oneself, and accounts above the caller', async () => {
    const { id } = await kit.createAccount('admin', 'weak@example.com', 'marketing');
    const common = await post('admin', `/api/admin/staff/${id}/reset-password`, { password: 'qwerty123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password).toBe(STAFF_MESSAGES.passwordCommon);
    expect(
      (await post('admin', `/api/admin/staff/${id}/reset-password`, { password: 'abc' })).statusCode,
    ).toBe(400);
    const self = await kit.staffId('admin@demo.local');
    expect((await post('admin', `/api/admin/staff/${self}/reset-password`, {})).statusCode).toBe(409);
    const above = await kit.staffId('almond-team@demo.local');
    expect((await post('admin', `/api/admin/staff/${above}/reset-password`, {})).statusCode).toBe(403);
    expect((await t.as('almond team', { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
  });
});

// Last: deactivating the demo almond team account ends the session the harness has cached for it.
describe('lock-out guard', () => {
  it('refuses deactivating the last active account that can open User Roles', async () => {
    const { id, token } = await kit.createAccount('almond team', 'second-almond@example.com', 'almond team');
    const demo = await kit.staffId('almond-team@demo.local');
    // The second almond team account deactivates the demo one: one role manager is left, itself.
    expect((await post(token, `/api/admin/staff/${demo}/deactivate`)).statusCode).toBe(200);
    const { id: adminId } = await kit.createAccount(token, 'temp-admin@example.com', 'admin');
    expect(adminId).toBeGreaterThan(id);
    // Moving the last manager to another role would lock everyone out of User Roles.
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/admin/staff/${id}`,
      payload: { roleId: await kit.roleId('admin') },
    });
    expect(res.statusCode).toBe(409);
    expect((await post(token, `/api/admin/staff/${demo}/reactivate`)).statusCode).toBe(200);
  });
});
