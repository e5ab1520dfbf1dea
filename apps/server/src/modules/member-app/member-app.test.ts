import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember, freshMobile, registerMember, registration, smsInbox } from '../members/members.test-kit';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('one-time codes', () => {
  it('sends a 6-digit code by SMS and throttles a resend', async () => {
    const mobile = freshMobile();
    const res = await post('/api/app/otp', { mobile: `+91 ${mobile}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 30 });
    expect(await inbox.codeFor(mobile)).toMatch(/^\d{6}$/);
    const again = await post('/api/app/otp', { mobile });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/Wait \d+ seconds/);
  });

  it('sends a new member the code in the language chosen on the phone, and names an unknown language', async () => {
    // From a phone of its own: the address's hourly allowance of codes stays with the other tests.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.39.0.7' });
    const tamil = freshMobile();
    expect((await post('/api/app/otp', { mobile: tamil, language: 'ta' })).statusCode).toBe(200);
    await inbox.codeFor(tamil);
    expect(inbox.sent.find((m) => m.mobile === tamil)!.text).toMatch(
      /^உங்கள் Action Tesa குறியீடு \d{6}\. இது 5 நிமிடங்களில் காலாவதியாகும்\.$/,
    );
    const gujarati = freshMobile();
    expect((await post('/api/app/otp', { mobile: gujarati, language: 'gu' })).statusCode).toBe(200);
    await inbox.codeFor(gujarati);
    expect(inbox.sent.find((m) => m.mobile === gujarati)!.text).toMatch(/^તમારો Action Tesa કોડ \d{6} છે\./);
    const bad = await post('/api/app/otp', { mobile: freshMobile(), language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.language).toBe('Language must be one of en, hi, mr, gu, ta');
  });

  it('names a bad mobile number', async () => {
    const res = await post('/api/app/otp', { mobile: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.mobile).toBe('Enter a 10-digit Indian mobile number');
  });

  it('allows 5 tries, counting down, then refuses even the right code', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await post('/api/app/register', registration(mobile, wrong))).json().message);
    expect(messages.slice(0, 4)).toEqual([
      'Wrong code; 4 tries left',
      'Wrong code; 3 tries left',
      'Wrong code; 2 tries left',
      'Wrong code; 1 try left',
    ]);
    expect(messages[4]).toMatch(/Too many wrong tries/);
    const right = await post('/api/app/register', registration(mobile, code));
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe('otp_locked');
  });

  it('expires a code after 5 minutes', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    await t.database.executeSql(
      "update member_otps set expires_at = now() - interval '1 second' where mobile = $1",
      [mobile],
    );
    const res = await post('/api/app/register', registration(mobile, code));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('otp_expired');
  });

  it('stores only a keyed hash of the code', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    const { rows } = await t.database.executeSql('select code_hash from member_otps where mobile = $1', [
      mobile,
    ]);
    expect(String(rows[0]!.code_hash)).not.toContain(code);
  });
});

describe('registration and sign-in', () => {
  it('registers a pending member, signs them in and uses the code up', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    const res = await post('/api/app/register', registration(mobile, code));
    expect(res.statusCode).toBe(200);
    const { token, member } = res.json();
    expect(member).toMatchObject({
      mobile,
      status: 'pending',
      kycStatus: 'none',
      balance: 0,
      currentTermsVersion: '1.1',
    });
    expect(member.code).toMatch(/^M\d{6}$/);
    expect((await asMember(t, token, { url: '/api/app/profile' })).json().id).toBe(member.id);
    const reuse = await post('/api/app/login', { mobile, code });
    expect(reuse.statusCode).toBe(401);
  });

  it('gives field errors and changes nothing', async () => {
    const mobile = freshMobile();
    const res = await post('/api/app/register', {
      mobile,
      code: '12',
      type: 'plumber',
      address: { pincode: '0' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(
      expect.arrayContaining(['code', 'name', 'type', 'dateOfBirth']),
    );
    const referral = await post(
      '/api/app/register',
      registration(mobile, '123456', { referralCode: 'NOPE1234' }),
    );
    expect(referral.json().fields).toEqual({ referralCode: 'No member has this referral code' });
    const { rows } = await t.database.executeSql('select count(*)::int as n from members where mobile = $1', [
      mobile,
    ]);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('refuses a second registration of a mobile, and login of an unknown one', async () => {
    const { mobile } = await registerMember(t, inbox);
    await t.database.executeSql(
      "update member_otps set sent_at = now() - interval '1 minute' where mobile = $1",
      [mobile],
    );
    const again = await post('/api/app/register', registration(mobile, await inbox.requestCode(mobile)));
    expect(again.statusCode).toBe(409);
  });

  it('answers a wrong code alike for a registered and an unknown mobile', async () => {
    const { mobile: known } = await registerMember(t, inbox);
    const unknown = freshMobile();
    const attempt = (mobile: string) => post('/api/app/login', { mobile, code: '123456' });
    const strip = (res: Awaited<ReturnType<typeof attempt>>) => ({
      status: res.statusCode,
      body: res.json(),
    });
    // No code waiting (the registration used it up) and none ever asked for: one answer.
    expect(strip(await attempt(unknown))).toEqual(strip(await attempt(known)));
    await t.database.executeSql(
      "update member_otps set sent_at = now() - interval '1 minute' where mobile = $1",
      [known],
    );
    const codes = [await inbox.requestCode(known), await inbox.requestCode(unknown)];
    const wrong = ['123456', '654321', '111111'].find((c) => !codes.includes(c))!;
    const wrongFor = (mobile: string) => post('/api/app/login', { mobile, code: wrong });
    const a = await wrongFor(known);
    const b = await wrongFor(unknown);
    expect(a.statusCode).toBe(401);
    expect({ status: b.statusCode, body: b.json() }).toEqual({ status: a.statusCode, body: a.json() });
  });

  it('tells the owner of an unknown mobile (the right code proves it) to register, keeping the code for it', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    const login = await post('/api/app/login', { mobile, code });
    expect(login.statusCode).toBe(404);
    expect(login.json().error).toBe('not_registered');
    expect((await post('/api/app/register', registration(mobile, code))).statusCode).toBe(200);
  });

  it('signs in with a new code and logs out', async () => {
    const { mobile } = await registerMember(t, inbox);
    await t.database.executeSql(
      "update member_otps set sent_at = now() - interval '1 minute' where mobile = $1",
      [mobile],
    );
    const login = await post('/api/app/login', { mobile, code: await inbox.requestCode(mobile) });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    expect((await asMember(t, token, { method: 'POST', url: '/api/app/logout' })).statusCode).toBe(204);
    expect((await asMember(t, token, { url: '/api/app/profile' })).statusCode).toBe(401);
  });
});

describe('member and staff sessions are separate', () => {
  it('refuses a staff token on member routes and a member token on staff routes', async () => {
    const { token } = await registerMember(t, inbox);
    expect((await t.as('almond team', { url: '/api/app/profile' })).statusCode).toBe(401);
    expect((await asMember(t, token, { url: '/api/admin/me' })).statusCode).toBe(401);
    expect((await asMember(t, token, { url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/app/profile' })).statusCode).toBe(401);
  });
});

describe('profile, ledger and terms', () => {
  it('shows the own ledger only', async () => {
    const { token, id } = await registerMember(t, inbox);
    await t.database.executeSql(
      "insert into points_ledger (member_id, amount, kind, reference, balance_after) values ($1, 40, 'game', $2, 40)",
      [id, `g:${id}`],
    );
    await t.database.executeSql('update members set balance = 40 where id = $1', [id]);
    const res = await asMember(t, token, { url: '/api/app/ledger?filter={"memberId":1}' });
    expect(res.json()).toMatchObject({ total: 1, rows: [{ amount: 40, kind: 'game', balanceAfter: 40 }] });
    expect((await asMember(t, token, { url: '/api/app/profile' })).json().balance).toBe(40);
  });

  it('accepts only the current terms version, and replays by Idempotency-Key', async () => {
    const { token } = await registerMember(t, inbox);
    const accept = (version: string, key?: string) =>
      asMember(t, token, {
        method: 'POST',
        url: '/api/app/terms/accept',
        payload: { version },
        headers: key ? { 'idempotency-key': key } : {},
      });
    expect((await accept('1.0')).json().fields).toEqual({ version: 'The current terms version is 1.1' });
    const first = await accept('1.1', 'terms-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().termsVersion).toBe('1.1');
    const replay = await accept('1.1', 'terms-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await accept('1.0', 'terms-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('idempotency_key_reused');
  });
});
