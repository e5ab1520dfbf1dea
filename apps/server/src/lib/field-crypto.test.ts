import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { logCapture } from '../../test/log-capture';
import { REDACTED_LOG_PATHS } from '../app';
import { DEV_ENCRYPTION_KEY, loadConfig } from '../config';
import { kycBody, submitKyc } from '../modules/kyc/kyc.test-kit';
import { registerMember, smsInbox } from '../modules/members/members.test-kit';
import { decryptText, encryptText } from './field-crypto';
import { LogSmsSender } from './sms';

describe('field encryption', () => {
  it('round-trips, uses a fresh IV each time, and detects tampering', () => {
    const a = encryptText(DEV_ENCRYPTION_KEY, 'ABCDE1234F');
    const b = encryptText(DEV_ENCRYPTION_KEY, 'ABCDE1234F');
    expect(a).not.toBe(b);
    expect(decryptText(DEV_ENCRYPTION_KEY, a)).toBe('ABCDE1234F');
    const [v, iv, tag, body] = a.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0]! ^= 1;
    const flipped = `${v}.${iv}.${tag}.${bytes.toString('base64url')}`;
    expect(() => decryptText(DEV_ENCRYPTION_KEY, flipped)).toThrow();
    expect(() => decryptText(Buffer.alloc(32, 7), a)).toThrow();
  });
});

describe('ENCRYPTION_KEY configuration', () => {
  const production = { DATABASE_URL: 'postgres://db.example/prod', SMS_SENDER: 'log' };
  it('refuses to start in production without a key, or with a key of the wrong size', () => {
    expect(() => loadConfig(production)).toThrow(/ENCRYPTION_KEY is required in production/);
    expect(() => loadConfig({ ...production, ENCRYPTION_KEY: 'abcd' })).toThrow(/32 bytes/);
  });
  it('accepts hex or base64 keys, and gives the demo profile its fixed key', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ ...production, ENCRYPTION_KEY: hex }).encryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ ...production, ENCRYPTION_KEY: b64 }).encryptionKey).toEqual(Buffer.alloc(32, 9));
    expect(loadConfig({}).encryptionKey).toEqual(DEV_ENCRYPTION_KEY);
  });
});

describe('logs', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'trace', stream, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
    });
  });
  afterAll(() => t.close());

  it('the default SMS sender writes the code on its own log line', async () => {
    const out: { bindings: object; msg: string }[] = [];
    const logger = { child: (bindings: object) => ({ info: (msg: string) => out.push({ bindings, msg }) }) };
    const sender = new LogSmsSender(logger as unknown as FastifyBaseLogger, { logText: true });
    await sender.send('9876543210', 'Your code is 123456.');
    expect(out).toEqual([{ bindings: { component: 'sms' }, msg: 'SMS to 9876543210: Your code is 123456.' }]);
  });

  it('carry no full PAN or account number through a KYC submission and reveal', async () => {
    const inbox = smsInbox(t);
    const { token } = await registerMember(t, inbox);
    const body = await kycBody(t, token, { pan: 'QWERT9876Y', accountNumber: '998877665544' });
    const id = (await submitKyc(t, token, body)).json().id as number;
    await t.as('cs', { method: 'POST', url: `/api/admin/kyc/${id}/reveal`, payload: { field: 'pan' } });
    const all = lines.join('');
    expect(all).toContain('/api/app/kyc');
    expect(all).not.toContain('QWERT9876Y');
    expect(all).not.toContain('998877665544');
  });
});
