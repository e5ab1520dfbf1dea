import { NOTIFICATIONS_PAGE } from '@app/contract/notifications';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('Manage Notification: Templates in English and Hindi are edited; the Delivery log lists each message', async ({
  page,
  request,
}) => {
  // A one-time code puts a message in the outbox (the demo profile's log sender takes it).
  const mobile = `9${String(Date.now()).slice(-9)}`;
  expect((await request.post('/api/app/otp', { data: { mobile } })).status()).toBe(200);

  await signIn(page, 'marketing');
  await page.goto(NOTIFICATIONS_PAGE);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByText('आपका Action Tesa कोड {code} है।', { exact: false })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('templates.png'), fullPage: true });

  await page.getByRole('button', { name: 'Edit registration.approved en' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Text').fill('Dear {name}, welcome to Action Tesa: {balance}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Unknown variable {balance}');
  await dialog
    .getByLabel('Text')
    .fill('Dear {name}, your Action Tesa registration is approved. Welcome aboard!');
  await dialog.getByLabel('DLT template id').fill('1707161234567890123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Welcome aboard!')).toBeVisible();

  await page.getByRole('tab', { name: 'Delivery log' }).click();
  const row = page.getByRole('row').filter({ hasText: mobile });
  await expect(row).toContainText('otp');
  await expect(row).toContainText('sent', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('delivery-log.png'), fullPage: true });
});
