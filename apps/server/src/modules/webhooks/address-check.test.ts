import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, webhookCatalogueMarkdown } from '@app/contract/webhooks';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from './address-check';

const production = { httpsOnly: true, allowPrivate: false };

describe('webhook addresses (server-side request forgery)', () => {
  it('production takes https to public addresses only', async () => {
    expect(await checkWebhookUrl('https://93.184.215.14/hooks', production)).toBeNull();
    expect(await checkWebhookUrl('http://93.184.215.14/hooks', production)).toBe('URL: https:// only');
    expect(await checkWebhookUrl('https://user:pw@93.184.215.14/', production)).toMatch(/no user name/);
    const refused: [string, string][] = [
      ['https://127.0.0.1/', 'loopback'],
      ['https://localhost:8443/', 'loopback'],
      ['https://169.254.169.254/latest/meta-data', 'linkLocal'],
      ['https://10.0.0.7/', 'private'],
      ['https://172.16.3.4/', 'private'],
      ['https://192.168.1.1/', 'private'],
      ['https://100.64.0.1/', 'carrierGradeNat'],
      ['https://0.0.0.0/', 'unspecified'],
      ['https://[::1]/', 'loopback'],
      ['https://[fe80::1]/', 'linkLocal'],
      ['https://[fd00::1]/', 'uniqueLocal'],
      ['https://[::ffff:10.0.0.1]/', 'private'],
    ];
    for (const [url, range] of refused)
      expect(await checkWebhookUrl(url, production), url).toMatch(
        new RegExp(`is not allowed \\(.* is a ${range} address\\)$`),
      );
  });

  it('configuration may allow private addresses (the demo, the tests); a host that does not resolve is refused', async () => {
    expect(
      await checkWebhookUrl('http://127.0.0.1:3000/hooks', { httpsOnly: false, allowPrivate: true }),
    ).toBeNull();
    expect(await checkWebhookUrl('https://no-such-host.invalid/', production)).toBe(
      'URL: the host no-such-host.invalid does not resolve',
    );
  });
});

describe('the README event catalogue', () => {
  it('is the contract catalogue, and each example is valid data of its event', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
    // When this fails, paste webhookCatalogueMarkdown()'s output into the README's "Webhooks out".
    expect(readme).toContain(webhookCatalogueMarkdown());
    for (const type of WEBHOOK_EVENT_TYPES) WEBHOOK_EVENTS[type].data.parse(WEBHOOK_EVENTS[type].example);
  });
});
