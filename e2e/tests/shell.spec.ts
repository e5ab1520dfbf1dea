import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { sidebar } from './sidebar-reader';

test('top bar: logo to /dashboard, the stored roleName, a profile menu of exactly two items', async ({
  page,
}) => {
  await signIn(page, 'finance');
  await expect(page).toHaveTitle('Action Tesa Dashboard');
  const roleName = await page.evaluate(() => localStorage.getItem('roleName'));
  expect(roleName).toBeTruthy();
  await expect(page.getByTestId('role-name')).toHaveText(roleName ?? '');

  const logo = page.getByRole('banner').getByRole('link', { name: 'Action Tesa' });
  await expect(logo).toHaveAttribute('href', '/dashboard');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Update Password', 'Logout']);
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/users');
  await logo.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-in shows the server message on bad credentials and on a locked account', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('nobody@demo.local');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/$/);

  // Locking a real demo account would disturb other tests: the server's 423 answer is replayed.
  const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
  await page.route('**/api/admin/login', (route) =>
    route.fulfill({ status: 423, json: { error: 'account_locked', message } }),
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(message);
});

test('the sign-in screen is plain and a stored token goes straight to /dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await signIn(page, 'cs');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a dashboard path without a token goes to the sign-in screen', async ({ page }) => {
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a path without "dashboard" is plain; an unknown dashboard path stays in the layout', async ({
  page,
}) => {
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await signIn(page, 'cs');
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
});
