import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { logOut, unique } from './staff-helpers';

test('create a scheme as admin, submit it, and approve it as almond team', async ({ page }) => {
  const name = `Monsoon bonus ${unique()}`;
  await signIn(page, 'admin');
  await page.goto('/dashboard/scheme');
  await page.getByRole('button', { name: 'New scheme' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: 'Fixed bonus per scan' }).click();
  await dialog.getByRole('spinbutton', { name: 'Bonus points' }).fill('15');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft scheme created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('draft');
  await row.getByRole('button', { name: 'Request activation' }).click();
  await expect(row).toContainText('awaiting approval');
  // The creator may not approve their own scheme.
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/a different staff account must approve it/)).toBeVisible();
  await logOut(page);

  await signIn(page, 'almond team');
  await page.goto('/dashboard/scheme');
  const same = page.getByRole('row').filter({ hasText: name });
  await same.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Scheme activated')).toBeVisible();
  await expect(same).toContainText('active');
  await expect(same).toContainText('+15 per scan');
});
