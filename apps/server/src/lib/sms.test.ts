import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { logCapture } from '../../test/log-capture';
import { loadConfig } from '../config';
import { freshMobile } from '../modules/members/members.test-kit';

const production = { DATABASE_URL: 'postgres://db.example/prod', ENCRYPTION_KEY: 'ab'.repeat(32) };

describe('SMS sender configuration', () => {
  it('production needs an SMS sender or the explicit log opt-in; the demo profile does not', () => {
    expect(() => loadConfig(production)).toThrow(/SMS_SENDER is required in production/);
    expect(loadConfig({ ...production, SMS_SENDER: 'log' }).sms).toEqual({ sender: 'log', logText: false });
    expect(loadConfig({}).sms).toEqual({ sender: 'log', logText: true });
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).sms.logText).toBe(true);
  });

  it('the server refuses to start in production without one', async () => {
    const { SMS_SENDER, SEED_DEMO, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...inherited, ...production, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toContain('SMS_SENDER is required in production');
  }, 60_000);
});

describe('one-time codes in the production log', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'trace', stream },
      env: { ...production, SMS_SENDER: 'log' },
    });
  });
  afterAll(() => t.close());

  it('says a message was not delivered, without its text or code', async () => {
    const mobile = freshMobile();
    const res = await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    expect(res.statusCode).toBe(200);
    const sms = lines.map((l) => JSON.parse(l)).filter((l) => l.component === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0].msg).toContain(`******${mobile.slice(-4)}`);
    expect(sms[0].msg).not.toContain(mobile);
    expect(sms[0].msg).not.toMatch(/\d{6}/);
    expect(lines.join('')).not.toContain('Your Action Tesa code');
  });
});
