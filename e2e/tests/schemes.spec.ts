import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { logOut, unique } from './staff-helpers';

test('create a scheme as admin, submit it, and approve it as almond team', async ({ page }) => {
  const name = `Monsoon bonus ${unique()}`;
  await signIn(page, 'admin');
  await page.goto('/dashboard/scheme');
  await page.getByRole('button', { name: 'New scheme' }).click();
  // Create is a page (<page>/create), not a dialog; the contract's rules are checked before any request.
  await expect(page).toHaveURL(/\/dashboard\/scheme\/create$/);
  const dialog = page.getByRole('form', { name: 'New scheme' });
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: 'Fixed bonus per scan' }).click();
  await dialog.getByRole('spinbutton', { name: 'Bonus points' }).fill('15');
  await dialog.getByLabel('Budget (points, empty: none)').fill('25000');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft scheme created')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/scheme$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('draft');
  // The list shows the budget and what has been spent of it, as its export does.
  const header = page.getByRole('columnheader');
  const columnOf = async (name: string) => (await header.allInnerTexts()).findIndex((t) => t.trim() === name);
  const budget = await columnOf('Budget (points)');
  const spent = await columnOf('Budget spent');
  expect(budget).toBeGreaterThan(-1);
  expect(spent).toBeGreaterThan(-1);
  await expect(row.getByRole('cell').nth(budget)).toHaveText('25,000');
  await expect(row.getByRole('cell').nth(spent)).toHaveText('0');
  // The edit page: the draft's values and its history.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/scheme\/\d+\/edit$/);
  await expect(page.getByRole('form', { name: `Edit ${name}` }).getByLabel('Name')).toHaveValue(name);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('created');
  await page.getByRole('button', { name: 'Cancel' }).click();
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
