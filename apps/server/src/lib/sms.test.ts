import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { logCapture } from '../../test/log-capture';
import { SERVER_ARGS, SERVER_DIR } from '../../test/server-process';
import { loadConfig } from '../config';
import { freshMobile, insertTestMember } from '../modules/members/members.test-kit';
import { settled } from '../modules/messages/messages.test-kit';
import {
  MSG91_TEST,
  type StandIn,
  startSmsStandIn,
  TWILIO_TEST_ENV,
} from '../modules/messages/sms-stand-ins.test-kit';

const production = {
  DATABASE_URL: 'postgres://db.example/prod',
  ENCRYPTION_KEY: 'ab'.repeat(32),
  SCAN_BASE_URL: 'https://scan.example',
};
const MSG91_ENV = {
  SMS_SENDER: 'msg91',
  MSG91_AUTH_KEY: MSG91_TEST.authKey,
  MSG91_SENDER_ID: MSG91_TEST.sender,
  MSG91_DLT_ENTITY_ID: MSG91_TEST.entity,
};

describe('SMS sender configuration', () => {
  it('production needs a real SMS gateway, named by SMS_SENDER; log is for the demo only', () => {
    expect(() => loadConfig(production)).toThrow(/SMS_SENDER must name an SMS gateway in production/);
    expect(() => loadConfig({ ...production, SMS_SENDER: 'log' })).toThrow(
      /SMS_SENDER .*log is for the demo profile only/,
    );
    expect(loadConfig({}).messaging.sms).toEqual({ sender: 'log' });
    expect(loadConfig({ ...production, SEED_DEMO: '1', SMS_SENDER: 'log' }).messaging.sms.sender).toBe('log');
    expect(loadConfig({ ...production, ...TWILIO_TEST_ENV }).messaging.sms).toMatchObject({
      sender: 'twilio',
      baseUrl: 'https://api.twilio.com',
    });
    expect(loadConfig({ ...production, ...MSG91_ENV }).messaging.sms).toMatchObject({
      sender: 'msg91',
      baseUrl: 'https://api.msg91.com',
    });
  });

  it('refuses a provider with a missing credential, naming the variable', () => {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      const env: Record<string, string> = { ...production, ...TWILIO_TEST_ENV };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(`${name} is required with SMS_SENDER=twilio`);
    }
    for (const name of ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_DLT_ENTITY_ID'] as const) {
      // Also in the demo profile: a chosen provider is used, so it must work.
      const env: Record<string, string> = { ...MSG91_ENV, [name]: '' };
      expect(() => loadConfig(env)).toThrow(`${name} is required with SMS_SENDER=msg91`);
    }
    expect(() => loadConfig({ ...MSG91_ENV, MSG91_DLT_TEMPLATE_IDS: 'otp=abc' })).toThrow(
      /MSG91_DLT_TEMPLATE_IDS/,
    );
  });

  it('the server refuses to start in production without one', async () => {
    const { SMS_SENDER, SEED_DEMO, ...inherited } = process.env;
    const child = spawn(process.execPath, SERVER_ARGS, {
      cwd: SERVER_DIR,
      env: { ...inherited, ...production, SMS_SENDER: 'log', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toContain('SMS_SENDER must name an SMS gateway in production');
  }, 300_000);
});

describe('one-time codes in the demo log', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('are written as `SMS to <mobile>: … <code>`, the line browser tests read', async () => {
    const mobile = freshMobile();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } })).statusCode,
    ).toBe(200);
    await vi.waitFor(
      () => {
        if (!lines.some((l) => l.includes(`SMS to ${mobile}`))) throw new Error('not logged yet');
      },
      { timeout: 60_000, interval: 50 },
    );
    const sms = lines.map((l) => JSON.parse(l)).filter((l) => l.component === 'sms');
    const mine = sms.filter((l) => String(l.msg).includes(mobile));
    expect(mine).toHaveLength(1);
    expect(mine[0].msg).toMatch(new RegExp(`^SMS to ${mobile}: \\D*(\\d{6})`));
    expect(mine[0].msg).toMatch(
      /^SMS to \d{10}: Your Action Tesa code is \d{6}\. It expires in 5 minutes\.$/,
    );
  });
});

describe('MSG91 (stand-in)', () => {
  let msg91: StandIn;
  let t: TestApp;
  beforeAll(async () => {
    msg91 = await startSmsStandIn('msg91');
    t = await createTestApp({
      env: {
        ...production,
        ...MSG91_ENV,
        MSG91_BASE_URL: msg91.url,
        MSG91_DLT_TEMPLATE_IDS: 'otp=1707160000000000001, otp.hi=1707160000000000002',
        MSG91_WEBHOOK_SECRET: 'msg91-hook-secret',
        MESSAGES_RETRY_BASE_SECONDS: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await msg91.close();
  });

  const memberMobile = async (language: string) => {
    const id = await insertTestMember(t.database.db, { language });
    const { rows } = await t.database.executeSql('select mobile from members where id = $1', [id]);
    return String(rows[0]!.mobile);
  };

  it('sends a code with its DLT template, sender and entity; a Hindi member gets a Unicode SMS in Devanagari', async () => {
    const mobile = await memberMobile('en');
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    const row = await settled(t, mobile);
    const [request] = msg91.requests.filter((r) => r.to === mobile);
    expect(row).toMatchObject({ status: 'sent', provider: 'msg91', provider_message_id: request!.id });
    expect(request!.fields).toMatchObject({
      sender: MSG91_TEST.sender,
      route: '4',
      country: '91',
      unicode: 0,
      DLT_TE_ID: '1707160000000000001',
      PE_ID: MSG91_TEST.entity,
    });
    const code = /(\d{6})/.exec(request!.text)![1]!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/app/login', payload: { mobile, code } })).statusCode,
    ).toBe(200);

    const hindi = await memberMobile('hi');
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile: hindi } });
    await settled(t, hindi);
    const [hi] = msg91.requests.filter((r) => r.to === hindi);
    expect(hi!.fields).toMatchObject({ unicode: 1, DLT_TE_ID: '1707160000000000002' });
    expect(hi!.text).toMatch(/^आपका Action Tesa कोड \d{6} है।/);
  });

  it('a template without a DLT id fails with a message that says so, without calling MSG91', async () => {
    const mobile = await memberMobile('en');
    const before = msg91.requests.length;
    const { queueMessage } = await import('../modules/messages/outbox');
    await t.database.db.transaction((tx) =>
      queueMessage(t.app, tx, {
        channel: 'sms',
        templateKey: 'kyc.approved',
        to: mobile,
        variables: { name: 'Ravi' },
        cause: { kind: 'no-dlt', id: mobile },
      }),
    );
    const row = await settled(t, mobile);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/kyc\.approved \(en\) has no DLT template id/);
    expect(msg91.requests.length).toBe(before);
  });

  it('retries a 500, and takes delivery reports with the shared secret only', async () => {
    const mobile = await memberMobile('en');
    msg91.script({ status: 500 });
    await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    const row = await settled(t, mobile);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const report = (status: string) => ({
      data: JSON.stringify([
        {
          requestId: row.provider_message_id,
          report: [{ number: `91${mobile}`, status, desc: 'DELIVERED' }],
        },
      ]),
    });
    const post = (query: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/messages/receipts/msg91${query}`, payload });
    expect((await post('', report('1'))).statusCode).toBe(401);
    expect((await post('?secret=wrong', report('1'))).statusCode).toBe(401);
    expect((await settled(t, mobile)).status).toBe('sent');
    const ok = await post('?secret=msg91-hook-secret', report('1'));
    expect(ok.json()).toEqual({ updated: 1 });
    expect((await settled(t, mobile)).status).toBe('delivered');
  });
});
