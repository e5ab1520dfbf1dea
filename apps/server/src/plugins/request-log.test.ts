import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { logCapture } from '../../test/log-capture';
import { urlForLog } from './request-log';

const MSG91_SECRET = 'msg91-shared-Secret-7731';
const VERIFY_TOKEN = 'meta-verify-Token-5518';

describe('request logs', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream },
      env: { MSG91_WEBHOOK_SECRET: MSG91_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN },
    });
  });
  afterAll(() => t.close());

  it('carry no provider webhook secret from the URL, right or wrong', async () => {
    const receipt = await t.app.inject({
      method: 'POST',
      url: `/api/messages/receipts/msg91?secret=${MSG91_SECRET}`,
      payload: [],
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/messages/receipts/msg91?secret=guessed-Secret-0001',
      payload: [],
    });
    expect(wrong.statusCode).toBe(401);
    const handshake = await t.app.inject({
      method: 'GET',
      url: `/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=echo-42`,
    });
    expect(handshake.statusCode, handshake.body).toBe(200);
    expect(handshake.body).toBe('echo-42');

    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const urls = logged.filter((l) => l.msg === 'incoming request').map((l) => l.req!.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/messages/receipts/msg91?secret=[redacted]',
        '/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=echo-42',
      ]),
    );
    const all = lines.join('\n');
    for (const secret of [MSG91_SECRET, VERIFY_TOKEN, 'guessed-Secret-0001'])
      expect(all).not.toContain(secret);
  });
});

describe('a URL as logged', () => {
  it('keeps every other parameter and hides the secrets however they are spelt', () => {
    expect(urlForLog('/api/admin/users?filter=%7B%7D&page=2')).toBe('/api/admin/users?filter=%7B%7D&page=2');
    expect(urlForLog('/r?SECRET=a&x=1&secret%5B%5D=b&hub%2Everify_token=c&secret')).toBe(
      '/r?SECRET=[redacted]&x=1&secret%5B%5D=[redacted]&hub%2Everify_token=[redacted]&secret',
    );
    // A name that cannot be decoded may be a secret's.
    expect(urlForLog('/r?se%ZZcret=a')).toBe('/r?se%ZZcret=[redacted]');
  });
});
