import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/** Main Settings → Webhooks: a subscription made, a test event sent, its delivery in the log. */
test('add a webhook subscription, send a test event, see it delivered in the delivery log', async ({
  page,
}) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await signIn(page, 'almond team');
    await page.goto('/dashboard/mainsettings/socialconnect');
    await page.getByRole('tab', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('button', { name: 'Add subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Description').fill('E2E CRM');
    await dialog.getByRole('checkbox', { name: /Member registered/ }).check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveValue(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row', { name: /E2E CRM/ });
    await row.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);

    await page.getByRole('tab', { name: 'Webhook deliveries' }).click();
    const delivery = page.getByRole('row', { name: new RegExp(`webhook\\.test.*${received[0]}`) });
    await expect(async () => {
      await page.getByRole('tab', { name: 'Webhooks', exact: true }).click();
      await page.getByRole('tab', { name: 'Webhook deliveries' }).click();
      await expect(delivery).toContainText('delivered', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText('204');
  } finally {
    receiver.close();
  }
});
