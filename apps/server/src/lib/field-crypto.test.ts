import { createCipheriv, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { logCapture } from '../../test/log-capture';
import { REDACTED_LOG_PATHS } from '../app';
import { DEV_ENCRYPTION_KEY, loadConfig } from '../config';
import { kycBody, submitKyc } from '../modules/kyc/kyc.test-kit';
import { registerMember, smsInbox } from '../modules/members/members.test-kit';
import { decryptText, encryptText, encryptTexts, keyIdOf, sealedKeyId } from './field-crypto';
import { LogSmsSender } from './sms';

describe('field encryption', () => {
  it('round-trips, uses a fresh IV each time, and detects tampering', () => {
    const a = encryptText(DEV_ENCRYPTION_KEY, 'ABCDE1234F');
    const b = encryptText(DEV_ENCRYPTION_KEY, 'ABCDE1234F');
    expect(a).not.toBe(b);
    expect(decryptText(DEV_ENCRYPTION_KEY, a)).toBe('ABCDE1234F');
    const [v, id, iv, tag, body] = a.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0]! ^= 1;
    const flipped = `${v}.${id}.${iv}.${tag}.${bytes.toString('base64url')}`;
    expect(() => decryptText(DEV_ENCRYPTION_KEY, flipped)).toThrow();
    expect(() => decryptText(Buffer.alloc(32, 7), a)).toThrow();
  });
});

describe('key ids on sealed values', () => {
  const OLD = Buffer.alloc(32, 1);
  const NEW = Buffer.alloc(32, 2);
  /** `v1.<iv>.<tag>.<body>`: the format before key ids. */
  const sealV1 = (key: Buffer, plain: string) => {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${iv.toString('base64url')}.${c.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  };

  it('names the sealing key in every value, and opens each value with the key it names', () => {
    const sealed = encryptText({ encryptionKey: NEW, previousEncryptionKey: OLD }, 'ABCDE1234F');
    expect(sealed.startsWith(`v2.${keyIdOf(NEW)}.`)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(keyIdOf(NEW));
    expect(keyIdOf(NEW)).not.toBe(keyIdOf(OLD));
    expect(encryptTexts(NEW, ['a', 'b']).every((s) => sealedKeyId(s) === keyIdOf(NEW))).toBe(true);
    const underOld = encryptText(OLD, '998877665544');
    expect(decryptText({ encryptionKey: NEW, previousEncryptionKey: OLD }, underOld)).toBe('998877665544');
    expect(() => decryptText(NEW, underOld)).toThrow(
      `sealed under encryption key ${keyIdOf(OLD)}, which this instance does not hold`,
    );
  });

  it('still opens values sealed before key ids, with the current key or else the previous one', () => {
    expect(decryptText(OLD, sealV1(OLD, 'ABCDE1234F'))).toBe('ABCDE1234F');
    expect(sealedKeyId(sealV1(OLD, 'x'))).toBeNull();
    expect(decryptText({ encryptionKey: NEW, previousEncryptionKey: OLD }, sealV1(OLD, 'PIN1'))).toBe('PIN1');
    expect(() => decryptText(NEW, sealV1(OLD, 'PIN1'))).toThrow();
  });
});

describe('ENCRYPTION_KEY configuration', () => {
  const production = {
    DATABASE_URL: 'postgres://db.example/prod',
    SCAN_BASE_URL: 'https://scan.example',
    SMS_SENDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 't',
    TWILIO_FROM: '+15005550006',
  };
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
  it('takes the previous key of a rotation beside it, never the same key twice', () => {
    const hex = 'ab'.repeat(32);
    const previous = 'cd'.repeat(32);
    const config = loadConfig({ ...production, ENCRYPTION_KEY: hex, ENCRYPTION_KEY_PREVIOUS: previous });
    expect(config.previousEncryptionKey).toEqual(Buffer.from(previous, 'hex'));
    expect(loadConfig({ ...production, ENCRYPTION_KEY: hex }).previousEncryptionKey).toBeNull();
    expect(() => loadConfig({ ...production, ENCRYPTION_KEY: hex, ENCRYPTION_KEY_PREVIOUS: 'abcd' })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS must be 32 bytes/,
    );
    expect(() => loadConfig({ ...production, ENCRYPTION_KEY: hex, ENCRYPTION_KEY_PREVIOUS: hex })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS is the same key as ENCRYPTION_KEY/,
    );
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

describe('a reveal on an instance without the key the value is sealed under', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 saying to restart with the new key, not 500, and audits nothing', async () => {
    // Another instance, restarted with a new key (B), sealed this PAN; this one holds the demo key only.
    const newKey = Buffer.alloc(32, 0x3c);
    const { token } = await registerMember(t, smsInbox(t));
    const id = (await submitKyc(t, token, await kycBody(t, token, { pan: 'QWERT9876Y' }))).json()
      .id as number;
    await t.database.executeSql('update kyc_submissions set pan_cipher = $1 where id = $2', [
      encryptText({ encryptionKey: newKey, previousEncryptionKey: DEV_ENCRYPTION_KEY }, 'QWERT9876Y'),
      id,
    ]);
    const reveal = (field: string) =>
      t.as('cs', { method: 'POST', url: `/api/admin/kyc/${id}/reveal`, payload: { field } });

    const res = await reveal('pan');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ error: 'encryption_key_not_held' });
    expect(res.json().message).toContain(`sealed under encryption key ${keyIdOf(newKey)}`);
    expect(res.json().message).toContain('which this instance does not hold');
    expect(res.json().message).toContain(
      'Restart this instance with ENCRYPTION_KEY set to the new key and ENCRYPTION_KEY_PREVIOUS to the old one',
    );
    expect(res.body).not.toContain('QWERT9876Y');
    // What this instance's key sealed still opens.
    expect((await reveal('accountNumber')).statusCode).toBe(200);
    const audits = await t.database.executeSql(
      "select after->>'field' as field from audit_log where action = 'kyc.revealed' and after->>'submission' = $1",
      [String(id)],
    );
    expect(audits.rows).toEqual([{ field: 'accountNumber' }]);
  });
});
