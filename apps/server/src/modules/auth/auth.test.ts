import { PASSWORD_MESSAGES, PASSWORD_RULE_MESSAGES } from '@app/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });

describe('staff sign-in', () => {
  it('returns the shell spec storage keys and a 256-bit opaque token', async () => {
    const res = await login('Almond-Team@demo.local', 'demo1234');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'email', 'roleName', 'token', 'userRole']);
    expect(body.userRole).toBe('almond team');
    expect(body.roleName).toBe('Almond Team');
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(body.data.permissions).toContain('/dashboard/roles');
  });

  it('answers wrong password and unknown e-mail with the same 401', async () => {
    const a = await login('cs@demo.local', 'wrong-password');
    const b = await login('nobody@demo.local', 'wrong-password');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().message).toBe(b.json().message);
  });

  it('names the missing fields', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('locks the account after five failures, audits it, and refuses even the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('marketing@demo.local', 'nope-nope')).statusCode).toBe(401);
    const locked = await login('marketing@demo.local', 'demo1234');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toMatch(/Try again in 15 minutes/);
    const audit = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'staff.locked' }))}`,
    });
    expect(audit.json().total).toBe(1);
  });
});

describe('sessions', () => {
  it('accepts Bearer and bare tokens, and logout kills the token idempotently', async () => {
    const token = (await login('hod@demo.local', 'demo1234')).json().token as string;
    const bearer = await t.app.inject({
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${token}` },
    });
    const bare = await t.app.inject({ url: '/api/admin/me', headers: { authorization: token } });
    expect(bearer.statusCode).toBe(200);
    expect(bare.json().role).toBe('hod');
    for (let i = 0; i < 2; i++) {
      const out = await t.app.inject({ url: '/api/logout', headers: { authorization: token } });
      expect(out.statusCode).toBe(204);
      expect(out.headers['cache-control']).toBe('no-store');
    }
    expect((await t.app.inject({ url: '/api/logout' })).statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/admin/me', headers: { authorization: token } });
    expect(after.statusCode).toBe(401);
  });

  it('expires a session idle for more than 8 hours', async () => {
    const token = (await login('finance@demo.local', 'demo1234')).json().token as string;
    await t.database.executeSql(
      "update sessions set last_seen_at = now() - interval '8 hours 1 minute' where staff_id = (select id from staff where email = 'finance@demo.local')",
    );
    expect((await t.app.inject({ url: '/api/admin/me', headers: { authorization: token } })).statusCode).toBe(
      401,
    );
  });

  it('expires a session older than 7 days even when active', async () => {
    const token = (await login('courier@demo.local', 'demo1234')).json().token as string;
    await t.database.executeSql(
      "update sessions set created_at = now() - interval '7 days 1 minute' where staff_id = (select id from staff where email = 'courier@demo.local')",
    );
    expect((await t.app.inject({ url: '/api/admin/me', headers: { authorization: token } })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/admin/updatePassword', () => {
  it('gives the spec messages per field and changes nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [{}, { password: PASSWORD_MESSAGES.newRequired, confirmPassword: PASSWORD_MESSAGES.confirmRequired }],
      [{ password: 'abc', confirmPassword: 'abc' }, { password: PASSWORD_MESSAGES.tooShort }],
      [{ password: 'abcdef', confirmPassword: 'abcdeg' }, { confirmPassword: PASSWORD_MESSAGES.mismatch }],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as('sub admin', { method: 'PUT', url: '/api/admin/updatePassword', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
    }
    expect((await login('sub-admin@demo.local', 'demo1234')).statusCode).toBe(200);
  });

  it('refuses a common password with the rule staff creation uses, and changes nothing', async () => {
    for (const password of ['123456', 'password', 'Password', 'qwerty123', 'Pa$$w0rd', 'Qwerty@123']) {
      const payload = { password, confirmPassword: password };
      const res = await t.as('sub admin', { method: 'PUT', url: '/api/admin/updatePassword', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ password: PASSWORD_RULE_MESSAGES.common });
      const created = await t.as('admin', {
        method: 'POST',
        url: '/api/admin/staff',
        payload: { name: 'Common', email: `common-${password}@demo.local`, roleId: 1, password },
      });
      expect(created.json().fields?.password).toBe(PASSWORD_RULE_MESSAGES.common);
    }
    expect((await login('sub-admin@demo.local', 'demo1234')).statusCode).toBe(200);
  });

  it('changes the password and ends the other sessions but not this one', async () => {
    const first = (await login('printing@demo.local', 'demo1234')).json().token as string;
    const second = (await login('printing@demo.local', 'demo1234')).json().token as string;
    const res = await t.as(second, {
      method: 'PUT',
      url: '/api/admin/updatePassword',
      payload: { password: 'Fresh-Ledger-58', confirmPassword: 'Fresh-Ledger-58' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.as(first, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    expect((await t.as(second, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    expect((await login('printing@demo.local', 'demo1234')).statusCode).toBe(401);
    expect((await login('printing@demo.local', 'Fresh-Ledger-58')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/updatePassword',
      payload: { password: 'abcdef', confirmPassword: 'abcdef' },
    });
    expect(res.statusCode).toBe(401);
  });
});
