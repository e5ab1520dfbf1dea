import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestMember, registerMember, smsInbox } from '../members/members.test-kit';

/** Limits small enough to reach in a test; the same on both instances. */
const env = {
  OTP_HOURLY_BUDGET: '40',
  OTP_NON_MEMBER_HOURLY_BUDGET: '12',
  OTP_PREFIX_HOURLY_BUDGET: '10',
  OTP_ADDRESS_HOURLY_LIMIT: '8',
  OTP_ADDRESS_NON_MEMBER_HOURLY_LIMIT: '3',
  OTP_ADDRESS_WRONG_CODES: '20',
};

let t: TestApp;
/** A second instance on the same database: every count must hold across instances. */
let t2: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp({ env });
  t2 = await createTestApp({ env, sharing: t });
  inbox = smsInbox(t);
});
afterAll(async () => {
  await t2.close();
  await t.close();
});
// Each test starts a new hour: the codes of the tests before are older than every window.
beforeEach(async () => {
  await t.database.executeSql("update member_otps set sent_at = sent_at - interval '2 hours'");
});

const post = (app: TestApp, url: string, payload: object, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress });
const ask = (mobile: string, remoteAddress: string, app = t) =>
  post(app, '/api/app/otp', { mobile }, remoteAddress);

/** Mobiles of one number range (their first five digits), which no seeded member has. */
function range() {
  const prefix = `8${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  return (i: number) => `${prefix}${String(i).padStart(5, '0')}`;
}

describe('a stranger cannot keep a member out', () => {
  it('6 code requests 31 s apart, each followed by 5 wrong codes, from one address: the member still signs in', async () => {
    const { mobile } = await registerMember(t, inbox);
    await t.database.executeSql("update member_otps set sent_at = now() - interval '2 hours'");
    // The member's own code, asked for from their phone before the attack.
    const own = await inbox.requestCode(mobile);
    const wrong = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== own);
    const attacker = '203.0.113.50';
    const requests: number[] = [];
    const guesses: number[] = [];
    for (let round = 0; round < 6; round++) {
      await t.database.executeSql(
        "update member_otps set sent_at = sent_at - interval '31 seconds' where mobile = $1",
        [mobile],
      );
      // Asked on the instance that runs the sender, so that every code reaches the phone at once.
      requests.push((await ask(mobile, attacker)).statusCode);
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? t2 : t;
        guesses.push((await post(app, '/api/app/login', { mobile, code: wrong[i] }, attacker)).statusCode);
      }
    }
    expect(requests).toEqual(Array(6).fill(200));
    // The attacker's address is held after 20 wrong codes, whatever mobile it names.
    expect(guesses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(new Set(guesses.slice(20))).toEqual(new Set([429]));
    // The member's own code still works from the member's phone, and so does a new one.
    const signIn = await post(t2, '/api/app/login', { mobile, code: own }, '127.0.0.1');
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Every code so far has reached the phone (registration, the member's own, the attacker's six).
    await inbox.codeFor(mobile, 8);
    const again = await ask(mobile, '127.0.0.1');
    expect(again.statusCode, again.body).toBe(200);
    const code = await inbox.codeFor(mobile, 9);
    expect((await post(t, '/api/app/login', { mobile, code }, '127.0.0.1')).statusCode).toBe(200);
  });
});

describe('SMS pumping', () => {
  it('an address gets codes for few numbers an hour, fewer still for numbers that are no member’s', async () => {
    const pumper = '203.0.113.77';
    const strangers = [range()(0), range()(0), range()(0), range()(0)];
    const answers = [];
    for (const [i, mobile] of strangers.entries())
      answers.push((await ask(mobile, pumper, i % 2 ? t2 : t)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const memberMobiles = Array.from({ length: 6 }, () => range()(1));
    for (const mobile of memberMobiles) await insertTestMember(t.database.db, { mobile });
    const forMembers = [];
    for (const mobile of memberMobiles) forMembers.push((await ask(mobile, pumper)).statusCode);
    expect(forMembers).toEqual([200, 200, 200, 200, 200, 429]);
    // Another address is not held by this one.
    expect((await ask(range()(2), '198.51.100.5', t2)).statusCode).toBe(200);
  });

  it('a number range has its own hourly budget, across addresses and instances, and alerts once', async () => {
    const inRange = range();
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push((await ask(inRange(i), `192.0.2.${i + 1}`, i % 2 ? t2 : t)).statusCode);
    expect(answers).toEqual([...Array(10).fill(200), 429, 429]);
    expect((await ask(range()(0), '192.0.2.50')).statusCode).toBe(200);
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from audit_log where action = 'member_otp.budget_reached' and entity_id = $1",
      [`prefix:${inRange(0).slice(0, 5)}`],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('the hourly budget for numbers that are no member’s is tighter than the one for all codes', async () => {
    const answers = [];
    // Many addresses, each number in its own range: only the platform's budgets apply.
    for (let i = 0; i < 13; i++)
      answers.push((await ask(range()(i), `198.18.0.${i + 1}`, i % 2 ? t2 : t)).statusCode);
    expect(answers).toEqual([...Array(12).fill(200), 429]);
    const mobile = range()(99);
    await insertTestMember(t.database.db, { mobile });
    expect((await ask(mobile, '198.18.1.1')).statusCode).toBe(200);
    // Fill the budget of all codes up to its end: then members wait too.
    await t.database.executeSql(
      `insert into member_otps (mobile, code_hash, expires_at, requested_from)
       select '7000000000', 'x', now(), 'elsewhere' from generate_series(1, 40 - (select count(*) from member_otps where sent_at > now() - interval '1 hour'))`,
    );
    const late = await ask(range()(98), '198.18.1.2');
    expect(late.statusCode).toBe(429);
    expect(late.json().message).toBe('Codes cannot be sent just now; try again in a few minutes');
  });
});
