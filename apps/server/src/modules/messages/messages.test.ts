import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember, freshMobile, insertTestMember } from '../members/members.test-kit';
import { messagesTo, settled, until, waitForMessage } from './messages.test-kit';
import { queueMessage } from './outbox';
import { createOutbox } from './outbox-worker';
import { twilioSignature } from './receipts';
import { type StandIn, startSmsStandIn, TWILIO_TEST, TWILIO_TEST_ENV } from './sms-stand-ins.test-kit';

const production = {
  DATABASE_URL: 'postgres://db.example/prod',
  ENCRYPTION_KEY: 'cd'.repeat(32),
  SCAN_BASE_URL: 'https://scan.example',
};
const CALLBACK = 'https://backoffice.example/api/messages/receipts/twilio';

let twilio: StandIn;
let t: TestApp;
beforeAll(async () => {
  twilio = await startSmsStandIn('twilio');
  t = await createTestApp({
    env: {
      ...production,
      ...TWILIO_TEST_ENV,
      TWILIO_BASE_URL: twilio.url,
      TWILIO_STATUS_CALLBACK_URL: CALLBACK,
      MESSAGES_SEND_TIMEOUT_MS: '2000',
      MESSAGES_MAX_ATTEMPTS: '3',
      MESSAGES_RETRY_BASE_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const toTwilio = (mobile: string) => twilio.requests.filter((r) => r.to === `+91${mobile}`);
const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;

/** Twilio's status callback for a message, signed as Twilio signs it (or with another token). */
function callback(fields: Record<string, string>, query: string, token = TWILIO_TEST.token) {
  const payload = new URLSearchParams(fields).toString();
  return t.app.inject({
    method: 'POST',
    url: `/api/messages/receipts/twilio${query}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, CALLBACK + query, new URLSearchParams(fields)),
    },
    payload,
  });
}

describe('one-time codes in the production profile (Twilio stand-in)', () => {
  it('a code request reaches the SMS API, and that code signs the member in', async () => {
    const memberId = await insertTestMember(t.database.db);
    const { rows } = await t.database.executeSql('select mobile from members where id = $1', [memberId]);
    const mobile = String(rows[0]!.mobile);
    const res = await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    expect(res.statusCode).toBe(200);
    const row = await settled(t, mobile);
    expect(row).toMatchObject({ status: 'sent', provider: 'twilio', attempts: 1, secret_variables: null });
    const [request] = toTwilio(mobile);
    expect(request!.fields).toMatchObject({
      From: TWILIO_TEST.from,
      StatusCallback: `${CALLBACK}?message=${row.id}`,
    });
    expect(request!.text).toMatch(/^Your Action Tesa code is \d{6}\. It expires in 5 minutes\.$/);
    expect(row.provider_message_id).toBe(request!.id);
    // The code itself is stored nowhere in clear.
    expect(JSON.stringify(row.variables)).not.toContain(codeIn(request!.text));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/app/login',
      payload: { mobile, code: codeIn(request!.text) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().member.id).toBe(memberId);
  });

  it('retries on 500 and on a timeout, and sends nothing more after success', async () => {
    const mobile = freshMobile();
    twilio.script({ status: 500 }, 'hang', 'ok');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } })).statusCode,
    ).toBe(200);
    const row = await settled(t, mobile);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(toTwilio(mobile)).toHaveLength(3);
    expect(toTwilio(mobile).filter((r) => r.id)).toHaveLength(1);
    // Nothing is left to claim or reclaim: the sent message is not sent again.
    expect(await t.app.outbox.reclaimStale()).toBe(0);
    await t.app.outbox.runOnce();
    expect(toTwilio(mobile)).toHaveLength(3);
    expect((await messagesTo(t, mobile)).map((m) => m.status)).toEqual(['sent']);
  });

  it("waits as long as a 429's Retry-After says", async () => {
    const mobile = freshMobile();
    twilio.script({ status: 429, retryAfter: '120' });
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    await waitForMessage(t, mobile, (row) => row.status === 'queued' && row.attempts === 1);
    const { rows } = await t.database.executeSql(
      `select extract(epoch from next_attempt_at - updated_at)::float as wait, error
         from member_messages where recipient = $1`,
      [mobile],
    );
    expect(Number(rows[0]!.wait)).toBeGreaterThanOrEqual(119);
    expect(String(rows[0]!.error)).toContain('HTTP 429');
    expect(toTwilio(mobile)).toHaveLength(1);
  });

  it('gives up after the bound, and at once on an error a retry cannot mend', async () => {
    const mobile = freshMobile();
    twilio.script({ status: 500 }, { status: 503 }, { status: 500 });
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    const row = await settled(t, mobile);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, secret_variables: null });
    expect(row.error).toMatch(/gave up after 3 attempts: twilio: HTTP 500/);

    // A number Twilio refuses (21211) fails on its first answer.
    const memberId = await insertTestMember(t.database.db);
    await t.database.db.transaction((tx) =>
      queueMessage(t.app, tx, {
        channel: 'sms',
        templateKey: 'kyc.approved',
        to: '12',
        memberId,
        variables: { name: 'Ravi' },
        cause: { kind: 'test', id: memberId },
      }),
    );
    const refused = await settled(t, '12');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.error).toContain('21211');
  });
});

describe('the outbox', () => {
  it('a crash between claim and send resumes without a duplicate', async () => {
    await t.app.outbox.stop();
    try {
      const memberId = await insertTestMember(t.database.db);
      const mobile = freshMobile();
      await t.database.db.transaction((tx) =>
        queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'registration.approved',
          to: mobile,
          memberId,
          variables: { name: 'Ravi Kumar' },
          cause: { kind: 'member', id: memberId },
        }),
      );
      // An instance claims it (the worker's claim: sending, attempts + 1) and dies before sending.
      await t.database.executeSql(
        "update member_messages set status = 'sending', claimed_at = now(), attempts = attempts + 1 where recipient = $1",
        [mobile],
      );
      // A live claim is nobody else's.
      expect(await t.app.outbox.reclaimStale()).toBe(0);
      await t.app.outbox.runOnce();
      expect(toTwilio(mobile)).toHaveLength(0);
      // Past the stale limit, the claim is taken back and the message sent, once.
      await t.database.executeSql(
        "update member_messages set claimed_at = now() - interval '1 hour' where recipient = $1",
        [mobile],
      );
      expect(await t.app.outbox.reclaimStale()).toBe(1);
      expect(await t.app.outbox.runOnce()).toBe(1);
      expect(toTwilio(mobile)).toHaveLength(1);
      expect((await messagesTo(t, mobile))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await t.app.outbox.reclaimStale()).toBe(0);
      expect(await t.app.outbox.runOnce()).toBe(0);
      expect(toTwilio(mobile)).toHaveLength(1);
    } finally {
      t.app.outbox.start();
    }
  });

  /** Twelve messages to one mobile, one per cause, queued while the app's own worker stands down. */
  async function queueTwelve(kind: string) {
    const memberId = await insertTestMember(t.database.db);
    const mobile = freshMobile();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        await queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'redemption.delivered',
          to: mobile,
          memberId,
          variables: { reference: `R${i}` },
          cause: { kind, id: `${memberId}-${i}` },
        });
    });
    return mobile;
  }
  /**
   * The app as another instance sees it, whose SMS sends wait until `open()`: then they go to the
   * provider (`forward`), or answer as a late reply would without reaching it (a crashed instance
   * sends nothing; its answer stands for one that arrives after its claim was over).
   */
  function gatedInstance(forward: boolean) {
    const waiting: (() => void)[] = [];
    const sms = {
      name: t.app.sms.name,
      send: async (...args: Parameters<typeof t.app.sms.send>) => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        return forward ? t.app.sms.send(...args) : { providerMessageId: 'SMlate' };
      },
    };
    const app = Object.create(t.app, { sms: { value: sms } }) as typeof t.app;
    const open = () => {
      for (const go of waiting.splice(0)) go();
    };
    return { app, waiting: () => waiting.length, open };
  }
  const statusesOf = async (mobile: string) =>
    (await messagesTo(t, mobile)).map((m) => `${m.status}/${m.attempts}`).sort();

  it('a worker that stops hands back what it claimed and did not send; another sends those, each once', async () => {
    await t.app.outbox.stop();
    const other = createOutbox(t.app, { concurrency: 2, pollMs: 60_000 });
    try {
      const mobile = await queueTwelve('stop-handback');
      const gated = gatedInstance(true);
      const worker = createOutbox(gated.app, { concurrency: 2, pollMs: 60_000 });
      worker.start();
      // It claims all twelve ahead (held in memory), two of them in its senders.
      await until(() => gated.waiting() === 2);
      expect(await statusesOf(mobile)).toEqual(Array(12).fill('sending/1'));
      const stopped = worker.stop();
      // The ten it held go back at once, their claim undone, while the two in flight finish.
      await vi.waitFor(
        async () => expect((await statusesOf(mobile)).filter((s) => s === 'queued/0')).toHaveLength(10),
        {
          timeout: 60_000,
          interval: 50,
        },
      );
      gated.open();
      await stopped;
      expect(await statusesOf(mobile)).toEqual(
        [...Array(10).fill('queued/0'), ...Array(2).fill('sent/1')].sort(),
      );
      expect(toTwilio(mobile)).toHaveLength(2);
      other.start();
      await until(() => toTwilio(mobile).length >= 12);
      await vi.waitFor(async () => expect(await statusesOf(mobile)).toEqual(Array(12).fill('sent/1')), {
        timeout: 60_000,
        interval: 50,
      });
      expect(toTwilio(mobile)).toHaveLength(12);
      expect(new Set(toTwilio(mobile).map((r) => r.id)).size).toBe(12);
    } finally {
      await other.stop();
      t.app.outbox.start();
    }
  });

  it('claims of an instance that went silent are resumed after the lease, each once; its late answers change nothing', async () => {
    await t.app.outbox.stop();
    try {
      const mobile = await queueTwelve('silent-claims');
      const gated = gatedInstance(false);
      const silent = createOutbox(gated.app, { concurrency: 2, pollMs: 60_000 });
      silent.start();
      await until(() => gated.waiting() === 2);
      expect(await statusesOf(mobile)).toEqual(Array(12).fill('sending/1'));
      // It says nothing more (a crash, a partition). Within the lease nobody takes its claims.
      expect(await t.app.outbox.reclaimStale()).toBe(0);
      expect(await t.app.outbox.runOnce(20)).toBe(0);
      // Past the lease, the twelve are queued again and sent by a live instance, once each.
      await t.database.executeSql(
        "update member_messages set claimed_at = now() - interval '1 hour' where recipient = $1",
        [mobile],
      );
      expect(await t.app.outbox.reclaimStale()).toBe(12);
      expect(await t.app.outbox.runOnce(20)).toBe(12);
      expect(await statusesOf(mobile)).toEqual(Array(12).fill('sent/2'));
      const sent = await messagesTo(t, mobile);
      expect(toTwilio(mobile)).toHaveLength(12);
      // The silent instance's answers arrive late: they belong to a claim that is over and change no
      // row, and its stop hands back nothing (those claims are not its any more).
      gated.open();
      await silent.stop();
      expect(await messagesTo(t, mobile)).toEqual(sent);
      expect(await t.app.outbox.reclaimStale()).toBe(0);
      expect(await t.app.outbox.runOnce(20)).toBe(0);
    } finally {
      t.app.outbox.start();
    }
  });

  it('a crash after Twilio took the message: its signed receipt names the row, which is not sent again', async () => {
    await t.app.outbox.stop();
    try {
      const memberId = await insertTestMember(t.database.db);
      const mobile = freshMobile();
      const queued = await t.database.db.transaction((tx) =>
        queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'kyc.approved',
          to: mobile,
          memberId,
          variables: { name: 'Ravi' },
          cause: { kind: 'kyc-crash', id: memberId },
        }),
      );
      await t.database.executeSql(
        "update member_messages set status = 'sending', claimed_at = now(), attempts = 1 where id = $1",
        [queued!.id],
      );
      // The dead instance's request reached Twilio; its answer was never recorded.
      await t.app.sms.send(mobile, 'Dear Ravi, your Action Tesa KYC is verified.', {
        reference: String(queued!.id),
        templateKey: 'kyc.approved',
        language: 'en',
        dltTemplateId: null,
      });
      const sid = toTwilio(mobile)[0]!.id!;
      const res = await callback(
        { MessageSid: sid, MessageStatus: 'sent', AccountSid: TWILIO_TEST.sid },
        `?message=${queued!.id}`,
      );
      expect(res.json()).toEqual({ updated: 1 });
      await t.database.executeSql(
        "update member_messages set claimed_at = now() - interval '1 hour' where id = $1",
        [queued!.id],
      );
      expect(await t.app.outbox.reclaimStale()).toBe(0);
      expect(await t.app.outbox.runOnce()).toBe(0);
      expect(toTwilio(mobile)).toHaveLength(1);
      expect((await messagesTo(t, mobile))[0]).toMatchObject({ status: 'sent', provider_message_id: sid });
    } finally {
      t.app.outbox.start();
    }
  });

  it('a retried cause adds no second message', async () => {
    const memberId = await insertTestMember(t.database.db);
    const mobile = freshMobile();
    const queue = () =>
      t.database.db.transaction((tx) =>
        queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'registration.approved',
          to: mobile,
          memberId,
          variables: { name: 'Ravi' },
          cause: { kind: 'member-approval', id: memberId },
        }),
      );
    expect(await queue()).toMatchObject({ id: expect.any(Number) });
    expect(await queue()).toBeNull();
    await settled(t, mobile);
    expect(await messagesTo(t, mobile)).toHaveLength(1);
    expect(toTwilio(mobile)).toHaveLength(1);
  });

  it('one-time codes jump the queue', async () => {
    await t.app.outbox.stop();
    try {
      const memberId = await insertTestMember(t.database.db);
      const mobile = freshMobile();
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 5; i++)
          await queueMessage(t.app, tx, {
            channel: 'sms',
            templateKey: 'redemption.delivered',
            to: mobile,
            memberId,
            variables: { reference: `R${i}` },
            cause: { kind: 'queue-order', id: `${memberId}-${i}` },
          });
      });
      const otpMobile = freshMobile();
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile: otpMobile } }))
          .statusCode,
      ).toBe(200);
      await t.app.outbox.runOnce(1);
      expect(toTwilio(otpMobile)).toHaveLength(1);
      expect(toTwilio(mobile)).toHaveLength(0);
    } finally {
      t.app.outbox.start();
    }
  });

  it('refuses at queue time a message missing a variable, and nothing is written', async () => {
    const memberId = await insertTestMember(t.database.db);
    const mobile = freshMobile();
    await expect(
      t.database.db.transaction((tx) =>
        queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'redemption.paid',
          to: mobile,
          memberId,
          variables: { reference: 'R1', amount: '500', gross: '550', tds: '50' },
          cause: { kind: 'missing-var', id: memberId },
        }),
      ),
    ).rejects.toThrow('Message variable utr is missing');
    expect(await messagesTo(t, mobile)).toHaveLength(0);
  });
});

describe("Twilio's status callback", () => {
  it('refuses an unsigned or wrongly signed callback (401, nothing changes); a signed one marks it delivered', async () => {
    const mobile = freshMobile();
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    const row = await settled(t, mobile);
    const sid = row.provider_message_id!;
    const fields = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: TWILIO_TEST.sid };
    const query = `?message=${row.id}`;

    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/messages/receipts/twilio${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await callback(fields, query, 'another-token')).statusCode).toBe(401);
    // Signed for other parameters than those sent.
    const tampered = await t.app.inject({
      method: 'POST',
      url: `/api/messages/receipts/twilio${query}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(
          TWILIO_TEST.token,
          CALLBACK + query,
          new URLSearchParams(fields),
        ),
      },
      payload: new URLSearchParams({ ...fields, MessageStatus: 'failed' }).toString(),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await messagesTo(t, mobile))[0]!.status).toBe('sent');

    const ok = await callback(fields, query);
    expect(ok.statusCode).toBe(200);
    expect((await messagesTo(t, mobile))[0]!.status).toBe('delivered');
    // A late `sent` does not take it back.
    await callback({ ...fields, MessageStatus: 'sent' }, query);
    expect((await messagesTo(t, mobile))[0]!.status).toBe('delivered');
  });

  it("computes Twilio's documented example signature", () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    });
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    );
  });
});

describe('the member language', () => {
  it('is set from the app, and the next code arrives in Hindi', async () => {
    const memberId = await insertTestMember(t.database.db);
    const { rows } = await t.database.executeSql('select mobile from members where id = $1', [memberId]);
    const mobile = String(rows[0]!.mobile);
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    await settled(t, mobile);
    const code = codeIn(toTwilio(mobile)[0]!.text);
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/app/login', payload: { mobile, code } })
    ).json().token as string;
    const bad = await asMember(t, token, {
      method: 'PATCH',
      url: '/api/app/profile',
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.language).toBe('Language must be one of en, hi, mr, gu, ta');
    const res = await asMember(t, token, {
      method: 'PATCH',
      url: '/api/app/profile',
      payload: { language: 'hi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('hi');

    await t.database.executeSql(
      "update member_otps set sent_at = now() - interval '1 minute' where mobile = $1",
      [mobile],
    );
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    await until(() => toTwilio(mobile).length === 2);
    const hindi = toTwilio(mobile)[1]!.text;
    expect(hindi).toMatch(/^आपका Action Tesa कोड \d{6} है। यह 5 मिनट में समाप्त हो जाएगा।$/);
  });
});
