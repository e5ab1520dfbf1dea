import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { PAIR_LOCK_MINUTES, PAIR_MAX_FAILURES } from '../../lib/sign-in-throttle';
import { createBde, PASSWORD } from './employees.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test guesses from its own address, so that the per-address count of one does not hold another. */
let ATTACKER = '203.0.113.9';
let next = 10;
beforeEach(() => {
  ATTACKER = `203.0.113.${next++}`;
});
const fieldLogin = (mobile: string, password: string, remoteAddress = ATTACKER) =>
  t.app.inject({ method: 'POST', url: '/api/field/login', payload: { mobile, password }, remoteAddress });
const staffLogin = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    remoteAddress: ATTACKER,
  });

async function wrong(mobile: string, times: number) {
  for (let i = 0; i < times; i++) expect((await fieldLogin(mobile, 'not-the-password')).statusCode).toBe(401);
}

describe('field sign-in throttle (the staff rule, lib/sign-in-throttle)', () => {
  it('holds the guessing address after the staff number of wrong passwords, as staff are held', async () => {
    const bde = await createBde(t);
    await wrong(bde.mobile, PAIR_MAX_FAILURES);
    const locked = await fieldLogin(bde.mobile, PASSWORD);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({
      error: 'account_locked',
      message: `Too many failed sign-in attempts. Try again in ${PAIR_LOCK_MINUTES} minutes.`,
    });

    // The same answer, word for word, as a held staff sign-in gets.
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) await staffLogin('cs@demo.local', 'nope-nope');
    const staffLocked = await staffLogin('cs@demo.local', 'demo1234');
    expect(staffLocked.statusCode).toBe(423);
    expect(staffLocked.json()).toEqual(locked.json());

    const audit = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'bde.locked' }))}`,
    });
    expect(audit.json().total).toBe(1);
  });

  it('50 wrong passwords from one address leave the BDE signing in from their phone at once', async () => {
    const bde = await createBde(t);
    for (let i = 0; i < 50; i++)
      expect([401, 423]).toContain((await fieldLogin(bde.mobile, `guess-${i}`)).statusCode);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(423);
    expect((await fieldLogin(bde.mobile, PASSWORD, '198.51.100.77')).statusCode).toBe(200);
  });

  it('lets the BDE in from that address once the hold has run out, with the count started again', async () => {
    const bde = await createBde(t);
    await wrong(bde.mobile, PAIR_MAX_FAILURES);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(423);
    // The hold's period passes (as the session tests move time: in the database).
    await t.database.executeSql(
      `update sign_in_throttles set locked_until = now() - interval '1 second' where subject = $1`,
      [`field:${bde.mobile}`],
    );
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
    await wrong(bde.mobile, PAIR_MAX_FAILURES - 1);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
  });

  it('a success before the limit starts the count again', async () => {
    const bde = await createBde(t);
    await wrong(bde.mobile, PAIR_MAX_FAILURES - 1);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
    await wrong(bde.mobile, PAIR_MAX_FAILURES - 1);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(200);
    // Without that success the same wrong passwords hold it.
    await wrong(bde.mobile, PAIR_MAX_FAILURES);
    expect((await fieldLogin(bde.mobile, PASSWORD)).statusCode).toBe(423);
  });

  it('an unknown mobile answers exactly as a known one does, hold included (no enumeration)', async () => {
    const bde = await createBde(t);
    const answers = async (mobile: string) => {
      const out = [];
      for (let i = 0; i <= PAIR_MAX_FAILURES; i++) {
        const res = await fieldLogin(mobile, 'not-the-password', '198.51.100.90');
        out.push([res.statusCode, res.json().message]);
      }
      return out;
    };
    expect(await answers('6999999999')).toEqual(await answers(bde.mobile));
  });
});
