import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { LOCK_MINUTES, MAX_FAILURES } from '../../lib/sign-in-lockout';
import { createBde, PASSWORD } from './employees.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fieldLogin = (mobile: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/field/login', payload: { mobile, password } });
const staffLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });

async function wrong(mobile: string, times: number) {
  for (let i = 0; i < times; i++) expect((await fieldLogin(mobile, 'not-the-password')).statusCode).toBe(401);
}

describe('field sign-in lockout (the staff rule, lib/sign-in-lockout)', () => {
  it('locks after the staff number of wrong passwords, refusing even the right one, as staff are refused', async () => {
    const bde = await createBde(t);
    await wrong(bde.mobile, MAX_FAILURES);
    const locked = await fieldLogin(bde.mobile, PASSWORD);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({
      error: 'account_locked',
      message: `Too many failed sign-in attempts. Try again in ${LOCK_MINUTES} minutes.`,
    });

    // The same answer, word for word, as a locked staff account gets.
    for (let i = 0; i < MAX_FAILURES; i++) await staffLogin('cs@demo.local', 'nope-nope');
    const staffLocked = await staffLogin('cs@demo.local', 'demo1234');
    expect(staffLocked.statusCode).toBe(423);
    expect(staffLocked.json()).toEqual(locked.json());

    const audit = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'bde.locked' }))}`,
    });
    expect(audit.json().total).toBe(1);
  });

  it('lets the BDE in once the lock has run out, with the count started again', async () => {
    const bde = await createBde(t);
    await wrong(bde.mobile, MAX_FAILURES);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(423);
    // The lock's period passes (as the session tests move time: in the database).
    await t.database.executeSql(
      `update bdes set locked_until = now() - interval '1 second' where employee_id = $1`,
      [bde.id],
    );
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
    await wrong(bde.mobile, MAX_FAILURES - 1);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
  });

  it('a success before the limit starts the count again', async () => {
    const bde = await createBde(t);
    await wrong(bde.mobile, MAX_FAILURES - 1);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
    await wrong(bde.mobile, MAX_FAILURES - 1);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
    // Without that success the same wrong passwords lock it.
    await wrong(bde.mobile, MAX_FAILURES);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(423);
  });

  it('an unknown mobile never locks anything and answers as a wrong password does', async () => {
    for (let i = 0; i <= MAX_FAILURES; i++)
      expect((await fieldLogin('6999999999', PASSWORD)).statusCode).toBe(401);
  });
});
