import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Main Settings → Integrations: cs asks for a service account and a key; a second person (the almond
 * team) approves both and is shown the key once; the key then opens the integration API.
 */
test('a service account and its key, approved by a second person, shown once', async ({ browser }) => {
  const maker = await browser.newPage();
  await signIn(maker, 'cs');
  await maker.goto('/dashboard/mainsettings/socialconnect?tab=integrations');
  await maker.getByRole('button', { name: 'New service account' }).click();
  await maker.getByLabel('Name').fill('SAP ERP');
  await maker.getByRole('button', { name: 'Ask for approval' }).click();
  const accountRow = maker.getByRole('row').filter({ hasText: 'SAP ERP' });
  await expect(accountRow.getByText('pending')).toBeVisible();
  // The maker asks for the account's key too (approving his own request is refused: server tests).
  await accountRow.getByRole('button', { name: 'New key' }).click();
  await maker.getByLabel('Label').fill('nightly invoices');
  await maker.getByLabel('Push invoices').check();
  await maker.getByRole('button', { name: 'Ask for approval' }).click();
  await expect(maker.getByRole('table', { name: 'API keys' }).getByText('nightly invoices')).toBeVisible();

  const checker = await browser.newPage();
  await signIn(checker, 'almond team');
  await checker.goto('/dashboard/mainsettings/socialconnect?tab=integrations');
  await checker
    .getByRole('table', { name: 'Service accounts' })
    .getByRole('row')
    .filter({ hasText: 'SAP ERP' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await checker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await checker
    .getByRole('table', { name: 'API keys' })
    .getByRole('row')
    .filter({ hasText: 'nightly invoices' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await checker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();

  const secret = checker.getByTestId('api-key-secret');
  await expect(secret).toHaveText(/^ak_[0-9a-f]{12}_\S{43}$/);
  const key = (await secret.textContent())!;
  await checker.getByRole('button', { name: 'I have stored it' }).click();
  // Once closed, the page shows only the key's public prefix.
  await expect(checker.getByText(key)).toHaveCount(0);
  await expect(checker.getByText(`${key.slice(0, 15)}_…`)).toBeVisible();

  const pushed = await checker.request.post('/api/integration/invoices', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      lines: [
        { distributorCode: 'NOPE', invoiceNumber: 'E2E/1', invoiceDate: '2024-01-01', sku: 'X', quantity: 1 },
      ],
    },
  });
  expect(pushed.status()).toBe(200);
  expect((await pushed.json()).lines[0].outcome).toBe('refused');
  await maker.close();
  await checker.close();
});
