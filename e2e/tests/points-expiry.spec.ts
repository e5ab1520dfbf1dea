import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { logOut } from './staff-helpers';

test('request a points expiry policy as admin and approve it as almond team (Scheme page tab)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/scheme');
  await page.getByRole('tab', { name: 'Points expiry' }).click();
  await expect(page.getByText(/In force: 12 months after earning/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Points by month of expiry' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: /end of the next financial year/ }).click();
  await page.getByRole('button', { name: 'Request change' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'pending' });
  await expect(row).toContainText('31 March');
  // The requester may not approve their own change.
  await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await logOut(page);

  await signIn(page, 'almond team');
  await page.goto('/dashboard/scheme');
  await page.getByRole('tab', { name: 'Points expiry' }).click();
  const pending = page.getByRole('row').filter({ hasText: 'pending' });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Policy approved')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '31 March' })).toContainText('in force');
});
