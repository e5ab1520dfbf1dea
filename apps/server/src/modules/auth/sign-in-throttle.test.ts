import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  PAIR_LOCK_MINUTES,
  PAIR_MAX_FAILURES,
} from '../../lib/sign-in-throttle';

let t: TestApp;
/** A second instance on the same database: the counts and locks hold across instances. */
let t2: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t2 = await createTestApp({ sharing: t });
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

const login = (email: string, password: string, remoteAddress: string, cookie?: string, app = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** A fresh staff account (so that tests do not share counts), password `Tr1cky-pass`. */
async function newStaff(name: string): Promise<string> {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@demo.local`;
  const { rows } = await t.database.executeSql(`select id from roles where name = 'marketing'`);
  const res = await t.as('almond team', {
    method: 'POST',
    url: '/api/admin/staff',
    payload: { name, email, roleId: Number(rows[0]!.id), password: 'Tr1cky-pass' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

describe('staff sign-in throttle (lib/sign-in-throttle)', () => {
  it('an attacker with 50 wrong passwords from one address does not lock the user out from another', async () => {
    const email = await newStaff('victim');
    const codes = [];
    for (let i = 0; i < 50; i++) codes.push((await login(email, `guess-${i}`, '203.0.113.66')).statusCode);
    expect(codes.slice(0, PAIR_MAX_FAILURES)).toEqual(Array(PAIR_MAX_FAILURES).fill(401));
    expect(new Set(codes.slice(PAIR_MAX_FAILURES))).toEqual(new Set([423]));
    // The attacker's address is held even with the right password…
    expect((await login(email, 'Tr1cky-pass', '203.0.113.66')).statusCode).toBe(423);
    // …and the user, from their own address, signs in at once.
    const user = await login(email, 'Tr1cky-pass', '198.51.100.7');
    expect(user.statusCode, user.body).toBe(200);
  });

  it('at a shared address the guesser is held, not the user on a browser that signed in before (either instance)', async () => {
    const email = await newStaff('office');
    const office = '192.0.2.80';
    const first = await login(email, 'Tr1cky-pass', office);
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    const device = setCookie.split(';')[0]!;
    // A colleague's browser, or an attacker behind the same address, guesses.
    const guesses = [];
    for (let i = 0; i < PAIR_MAX_FAILURES + 3; i++)
      guesses.push((await login(email, `guess-${i}`, office, undefined, i % 2 ? t2 : t)).statusCode);
    expect(guesses.slice(0, PAIR_MAX_FAILURES)).toEqual(Array(PAIR_MAX_FAILURES).fill(401));
    expect(new Set(guesses.slice(PAIR_MAX_FAILURES))).toEqual(new Set([423]));
    expect((await login(email, 'Tr1cky-pass', office)).statusCode).toBe(423);
    // The user's own browser signs in from the same address, on either instance.
    expect((await login(email, 'Tr1cky-pass', office, device, t2)).statusCode).toBe(200);
    // Guesses from many addresses hold the account: the known browser still passes, from a new address too.
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      expect((await login(email, 'wrong-wrong', `203.0.113.${150 + i}`)).statusCode).toBe(401);
    expect((await login(email, 'Tr1cky-pass', '203.0.113.199')).statusCode).toBe(423);
    expect((await login(email, 'Tr1cky-pass', '203.0.113.198', device)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail as it answers a known one, lock included', async () => {
    const known = await newStaff('known');
    const answers = async (email: string) => {
      const out = [];
      for (let i = 0; i <= PAIR_MAX_FAILURES; i++) {
        const res = await login(email, 'wrong-wrong', '203.0.113.10');
        out.push([res.statusCode, res.json().message]);
      }
      return out;
    };
    expect(await answers('nobody-here@demo.local')).toEqual(await answers(known));
    expect((await answers(known)).at(-1)).toEqual([
      423,
      `Too many failed sign-in attempts. Try again in ${PAIR_LOCK_MINUTES} minutes.`,
    ]);
  });

  it('an address spraying many names is held, but not for a name it has signed in to before', async () => {
    const regular = await newStaff('regular');
    const fresh = await newStaff('fresh');
    const office = '192.0.2.44';
    expect((await login(regular, 'Tr1cky-pass', office)).statusCode).toBe(200);
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++)
      expect((await login(`spray-${i}@demo.local`, 'Password1!', office)).statusCode).toBe(401);
    // A name never used from this address: held, right password or not.
    expect((await login(fresh, 'Tr1cky-pass', office)).statusCode).toBe(423);
    // The user who signs in from here: not held. Elsewhere, the fresh account is untouched.
    expect((await login(regular, 'Tr1cky-pass', office)).statusCode).toBe(200);
    expect((await login(fresh, 'Tr1cky-pass', '192.0.2.45')).statusCode).toBe(200);
  });

  it('guesses from many addresses hold the account, with a growing delay, except from a known-good address', async () => {
    const email = await newStaff('spread');
    const home = '198.51.100.20';
    expect((await login(email, 'Tr1cky-pass', home)).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      expect((await login(email, 'wrong-wrong', `203.0.113.${100 + i}`)).statusCode).toBe(401);
    // A new address is held before any password is checked, the right one too.
    const held = await login(email, 'Tr1cky-pass', '203.0.113.200');
    expect(held.statusCode).toBe(423);
    expect(held.json().message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(
      (
        await t.as('almond team', {
          method: 'GET',
          url: `/api/admin/staff?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
        })
      ).json().rows[0].locked,
    ).toBe(true);

    // The hold runs out (time moved in the database); the next wrong guess holds it twice as long.
    await t.database.executeSql(
      `update staff set locked_until = now() - interval '1 second' where lower(email) = lower($1)`,
      [email],
    );
    expect((await login(email, 'wrong-wrong', '203.0.113.201')).statusCode).toBe(401);
    const longer = await login(email, 'Tr1cky-pass', '203.0.113.202');
    expect(longer.statusCode).toBe(423);
    expect(longer.json().message).toBe('Too many failed sign-in attempts. Try again in 2 minutes.');

    // The user at home signs in all the while, and that starts the account's count again.
    expect((await login(email, 'Tr1cky-pass', home)).statusCode).toBe(200);
    expect((await login(email, 'Tr1cky-pass', '203.0.113.203')).statusCode).toBe(200);

    const audit = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'staff.locked' }))}`,
    });
    const accountHolds = (audit.json().rows as { after: { scope?: string } | null }[]).filter(
      (r) => r.after?.scope === 'account',
    );
    expect(accountHolds.length).toBeGreaterThanOrEqual(2);
  });

  it('a new password from an administrator lifts the locks of every address', async () => {
    const email = await newStaff('reset');
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) await login(email, 'wrong-wrong', '198.51.100.30');
    expect((await login(email, 'Tr1cky-pass', '198.51.100.30')).statusCode).toBe(423);
    const [row] = (
      await t.database.executeSql('select id from staff where lower(email) = lower($1)', [email])
    ).rows as { id: number }[];
    const reset = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/staff/${row!.id}/reset-password`,
      payload: { password: 'Other-pass9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, 'Other-pass9', '198.51.100.30')).statusCode).toBe(200);
  });

  it('counts concurrent failures exactly, whichever instance takes them (state in the database)', async () => {
    const email = await newStaff('race');
    await Promise.all(Array.from({ length: 8 }, (_, i) => login(email, `wrong-${i}`, '198.51.100.40')));
    const [row] = (
      await t.database.executeSql(
        `select failures from sign_in_throttles where subject = $1 and address = '198.51.100.40'`,
        [`staff:${email.toLowerCase()}`],
      )
    ).rows as { failures: number }[];
    // Five counted, then held: every attempt was either counted or refused by the lock.
    expect(row!.failures).toBeGreaterThanOrEqual(PAIR_MAX_FAILURES);
    expect(row!.failures).toBeLessThanOrEqual(8);
  });
});
