import { SECOND_FACTOR_MESSAGES } from '@app/contract/auth';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { CHALLENGE_ATTEMPTS, RECOVERY_CODES } from './second-factor';
import { ACCOUNT_CODE_FAILURES } from './second-factor-guard';

let t: TestApp;
/** A second instance on the same database: the counts must hold across instances. */
let t2: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t2 = await createTestApp({ sharing: t });
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

const PASSWORD = 'Tr1cky-pass';
const post = (url: string, payload: object, remoteAddress = '127.0.0.1', app = t) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password = PASSWORD, remoteAddress = '127.0.0.1') =>
  post('/api/admin/login', { email, password }, remoteAddress);
const now = () => Math.floor(Date.now() / 1000);
/** The code of the next time step: a code of the current step may already have been used. */
const nextCode = (secret: string) => generate({ secret, epoch: now() + 30 });

async function roleId(name: string) {
  const { rows } = await t.database.executeSql('select id from roles where name = $1', [name]);
  return Number(rows[0]!.id);
}

/** A staff account of a role that requires the second factor (finance: it moves money). */
async function financeStaff(): Promise<string> {
  const email = `fin-${Math.random().toString(36).slice(2, 8)}@demo.local`;
  const res = await t.as('almond team', {
    method: 'POST',
    url: '/api/admin/staff',
    payload: { name: 'Finance Person', email, roleId: await roleId('finance'), password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

/** Enrols through the sign-in steps; returns the secret, the session token and the recovery codes. */
async function enrol(email: string) {
  const first = (await login(email)).json();
  expect(first).toMatchObject({ secondFactor: 'enrol' });
  const setup = (await post('/api/admin/login/enrol', { challenge: first.challenge })).json();
  const done = await post('/api/admin/login/enrol/confirm', {
    challenge: first.challenge,
    code: await generate({ secret: setup.secret }),
  });
  expect(done.statusCode, done.body).toBe(200);
  return { secret: setup.secret as string, ...(done.json() as { token: string; recoveryCodes: string[] }) };
}

describe('second factor for staff (TOTP)', () => {
  beforeAll(async () => {
    const res = await t.as('almond team', {
      method: 'PUT',
      url: `/api/admin/roles/${await roleId('finance')}`,
      payload: { mfaRequired: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mfaRequired).toBe(true);
  });

  it('a right password alone gives no session where the role requires a second factor', async () => {
    const email = await financeStaff();
    const res = await login(email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ secondFactor: 'enrol', challenge: expect.any(String), expiresInSeconds: 300 });
    expect(body.token).toBeUndefined();
    // The challenge is no session.
    const me = await t.app.inject({ url: '/api/admin/me', headers: { authorization: body.challenge } });
    expect(me.statusCode).toBe(401);
  });

  it('enrols with a QR code and a code from it, and gives ten one-time recovery codes', async () => {
    const email = await financeStaff();
    const { challenge } = (await login(email)).json();
    const setup = await post('/api/admin/login/enrol', { challenge });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Action%20Tesa:.+\?.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/api/admin/login/enrol/confirm', { challenge, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: SECOND_FACTOR_MESSAGES.codeWrong });

    const done = await post('/api/admin/login/enrol/confirm', {
      challenge,
      code: await generate({ secret }),
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json();
    expect(session.recoveryCodes).toHaveLength(RECOVERY_CODES);
    expect(session.userRole).toBe('finance');
    expect((await t.as(session.token, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    // Stored hashed, never as given.
    const { rows } = await t.database.executeSql(
      'select recovery_codes, totp_secret from staff where lower(email) = lower($1)',
      [email],
    );
    expect(JSON.stringify(rows[0])).not.toContain(session.recoveryCodes[0]);
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    // The spent challenge opens nothing more.
    expect(
      (await post('/api/admin/login/enrol/confirm', { challenge, code: await nextCode(secret) })).statusCode,
    ).toBe(401);
  });

  it('asks for the code at every sign-in, refuses a code used before, and takes a recovery code once', async () => {
    const email = await financeStaff();
    const { secret, recoveryCodes } = await enrol(email);

    const again = (await login(email)).json();
    expect(again).toMatchObject({ secondFactor: 'totp' });
    // The code just used to enrol is not accepted again (replay).
    const replay = await post('/api/admin/login/second-factor', {
      challenge: again.challenge,
      code: await generate({ secret }),
    });
    expect(replay.statusCode).toBe(400);
    const ok = await post('/api/admin/login/second-factor', {
      challenge: again.challenge,
      code: await nextCode(secret),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));

    const lost = (await login(email)).json();
    const recovered = await post('/api/admin/login/second-factor', {
      challenge: lost.challenge,
      code: recoveryCodes[0]!.toUpperCase(),
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const reused = await post('/api/admin/login/second-factor', {
      challenge: (await login(email)).json().challenge,
      code: recoveryCodes[0],
    });
    expect(reused.statusCode).toBe(400);
  });

  it(`spends a challenge after ${CHALLENGE_ATTEMPTS} wrong codes`, async () => {
    const email = await financeStaff();
    const { secret } = await enrol(email);
    const { challenge } = (await login(email)).json();
    for (let i = 0; i < CHALLENGE_ATTEMPTS; i++)
      expect((await post('/api/admin/login/second-factor', { challenge, code: '123456' })).statusCode).toBe(
        400,
      );
    const late = await post('/api/admin/login/second-factor', { challenge, code: await nextCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeGone);
  });

  it('a lost authenticator is reset by the almond team only, audited, and enrolled again', async () => {
    const email = await financeStaff();
    const { token } = await enrol(email);
    const { rows } = await t.database.executeSql('select id from staff where lower(email) = lower($1)', [
      email,
    ]);
    const id = Number(rows[0]!.id);

    const byAdmin = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/staff/${id}/reset-second-factor`,
    });
    expect(byAdmin.statusCode).toBe(403);
    const reset = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/staff/${id}/reset-second-factor`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().secondFactor).toBe(false);
    expect((await t.as(token, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    const audit = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'staff.second_factor_reset' }))}`,
    });
    expect(audit.json().total).toBeGreaterThanOrEqual(1);
    expect((await login(email)).json()).toMatchObject({ secondFactor: 'enrol' });
  });
});

/** A six-digit code that is none of the codes valid around now. */
async function wrongCode(secret: string, seed: number): Promise<string> {
  const valid = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: now() + d })));
  for (let n = seed; ; n++) {
    const code = String((n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

async function staffIdOf(email: string): Promise<number> {
  const { rows } = await t.database.executeSql('select id from staff where lower(email) = lower($1)', [
    email,
  ]);
  return Number(rows[0]!.id);
}

async function outcomesOf(staffId: number): Promise<Record<string, number>> {
  const { rows } = await t.database.executeSql(
    'select outcome, count(*)::int as n from sign_in_events where staff_id = $1 group by outcome',
    [staffId],
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

describe('guessing the code', () => {
  it('25 parallel wrong codes on one challenge, on two instances: exactly 5 checked, then the right code is refused and the staff member alerted', async () => {
    const email = await financeStaff();
    const { secret } = await enrol(email);
    const id = await staffIdOf(email);
    const { challenge } = (await login(email)).json();
    const answers = await Promise.all(
      Array.from({ length: 25 }, async (_, i) =>
        post(
          '/api/admin/login/second-factor',
          { challenge, code: await wrongCode(secret, i) },
          '127.0.0.1',
          i % 2 ? t2 : t,
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(CHALLENGE_ATTEMPTS);
    expect(statuses.filter((s) => s === 401)).toHaveLength(25 - CHALLENGE_ATTEMPTS);
    const right = await post('/api/admin/login/second-factor', { challenge, code: await nextCode(secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json().token).toBeUndefined();
    // Every wrong code recorded, the spent challenge alerted.
    expect(await outcomesOf(id)).toMatchObject({
      second_factor_wrong: CHALLENGE_ATTEMPTS,
      second_factor_locked: 1,
    });
    const { rows } = await t.database.executeSql(
      `select action, count(*)::int as n from audit_log where entity = 'staff' and entity_id = $1 group by action`,
      [String(id)],
    );
    const actions = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    expect(actions).toMatchObject({
      'staff.second_factor_wrong': CHALLENGE_ATTEMPTS,
      'staff.second_factor_alert': 1,
    });
  });

  it(`guesses spread over new challenges and addresses stop at ${ACCOUNT_CODE_FAILURES} for the account`, async () => {
    const email = await financeStaff();
    const { secret } = await enrol(email);
    const statuses: number[] = [];
    for (const [n, address] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries()) {
      const app = n === 1 ? t2 : t;
      const { challenge } = (await login(email, PASSWORD, address)).json();
      for (let i = 0; i < 4; i++) {
        const code = await wrongCode(secret, n * 10 + i);
        statuses.push(
          (await post('/api/admin/login/second-factor', { challenge, code }, address, app)).statusCode,
        );
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(ACCOUNT_CODE_FAILURES);
    // A new challenge with the right code: still refused while the account's count is spent.
    const { challenge } = (await login(email, PASSWORD, '203.0.113.4')).json();
    const right = await post(
      '/api/admin/login/second-factor',
      { challenge, code: await nextCode(secret) },
      '203.0.113.4',
    );
    expect(right.statusCode).toBe(401);
  });
});

describe('two-step gaps', () => {
  it('a challenge opened from one address is refused from another, and still answered from its own', async () => {
    const email = await financeStaff();
    const { secret } = await enrol(email);
    const { challenge } = (await login(email, PASSWORD, '198.51.100.1')).json();
    const code = await nextCode(secret);
    const elsewhere = await post('/api/admin/login/second-factor', { challenge, code }, '198.51.100.99');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().token).toBeUndefined();
    expect(await outcomesOf(await staffIdOf(email))).toMatchObject({ second_factor_other_address: 1 });
    const own = await post('/api/admin/login/second-factor', { challenge, code }, '198.51.100.1');
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a session opened before the role required the second step is refused once it does', async () => {
    const role = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/roles',
      payload: { name: 'reviewer', label: 'Reviewer', permissions: ['/dashboard/approvals/redemption'] },
    });
    expect([200, 201], role.body).toContain(role.statusCode);
    expect(role.json().mfaRequired).toBe(false);
    const email = `rev-${Math.random().toString(36).slice(2, 8)}@demo.local`;
    const created = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/staff',
      payload: { name: 'Reviewer', email, roleId: role.json().id, password: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { token } = (await login(email)).json();
    expect((await t.as(token, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    const required = await t.as('almond team', {
      method: 'PUT',
      url: `/api/admin/roles/${role.json().id}`,
      payload: { mfaRequired: true },
    });
    expect(required.statusCode, required.body).toBe(200);
    expect((await t.as(token, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    // Enrolled now: the session that passed the second step works.
    const enrolled = await enrol(email);
    expect((await t.as(enrolled.token, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
  });

  it('sign-in activity lists two-step sign-ins', async () => {
    const email = await financeStaff();
    await enrol(email);
    const filter = encodeURIComponent(JSON.stringify({ outcome: 'second_factor' }));
    const res = await t.as('almond team', { method: 'GET', url: `/api/admin/sign-ins?filter=${filter}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { outcome: string }) => r.outcome)).toContain('second_factor');
    const all = await t.as('almond team', { method: 'GET', url: '/api/admin/sign-ins' });
    expect(all.statusCode, all.body).toBe(200);
    // A right password waiting for its code is no failed sign-in.
    const failed = encodeURIComponent(JSON.stringify({ succeeded: false, staffId: await staffIdOf(email) }));
    const failures = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/sign-ins?filter=${failed}`,
    });
    expect(failures.json().total).toBe(0);
  });
});

describe('which roles require it', () => {
  it('by default a new role holding money or identity actions, and not others; the role form changes it', async () => {
    const create = (name: string, permissions: string[]) =>
      t.as('almond team', {
        method: 'POST',
        url: '/api/admin/roles',
        payload: { name, label: name, permissions },
      });
    const payer = await create('payer', ['/dashboard/approvals/redemption', 'redemptions.pay']);
    expect([200, 201], payer.body).toContain(payer.statusCode);
    expect(payer.json()).toMatchObject({ mfaRequired: true, mfaAdvised: true });
    const viewer = await create('viewer', ['/dashboard/approvals/redemption']);
    expect(viewer.json()).toMatchObject({ mfaRequired: false, mfaAdvised: false });
    const changed = await t.as('almond team', {
      method: 'PUT',
      url: `/api/admin/roles/${viewer.json().id}`,
      payload: { mfaRequired: true },
    });
    expect(changed.json().mfaRequired).toBe(true);
  });

  it('the demo profile signs every demo account in with the password alone', async () => {
    for (const role of ['almond-team', 'admin', 'cs', 'printing']) {
      const res = await login(`${role}@demo.local`, 'demo1234');
      expect(res.json().token, role).toEqual(expect.any(String));
    }
  });
});
