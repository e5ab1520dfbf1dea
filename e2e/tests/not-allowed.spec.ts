import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { sidebar } from './sidebar-reader';

test('a page opened by URL without its permission shows "Not allowed" inside the layout', async ({
  page,
}) => {
  await signIn(page, 'printing');
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText(/cannot open this page/)).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  // Nested paths belong to their page, so they are refused alike.
  await page.goto('/dashboard/users/42');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

for (const [role, firstPage] of [
  ['printing', /\/dashboard\/printCoupon$/],
  ['distribution', /\/dashboard\/coupon-allocation$/],
] as const) {
  test(`${role}, without the Dashboard item, lands on its first page (sign-in and /dashboard)`, async ({
    page,
  }) => {
    await signIn(page, role);
    await expect(page).toHaveURL(firstPage);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(firstPage);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toHaveCount(0);
  });
}

test('an item held without its group (courier, Download Report) opens by URL', async ({ page }) => {
  await signIn(page, 'courier');
  await page.goto('/dashboard/reports/reports_download');
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toHaveCount(0);
});
