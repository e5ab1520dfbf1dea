import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { apiAs } from './staff-helpers';

test('Punch History shows the labels of every earlier print, not 0', async ({ page }) => {
  await signIn(page, 'printing');
  const prints = (await apiAs(page, 'GET', '/admin/coupon-prints?perPage=100&sort=id&order=ASC')) as {
    rows: { fromSerial: number; toSerial: number; labels: number; status: string }[];
  };
  // The demo's first print: made at seeding, so it has no task (and no task total) behind it.
  const earlier = prints.rows.find((p) => p.status === 'ready');
  if (!earlier) throw new Error('no demo print');
  await page.goto('/dashboard/printCoupon');
  const row = page
    .getByRole('row')
    .filter({ hasText: `${earlier.fromSerial} – ${earlier.toSerial}` })
    .first();
  await expect(row).toBeVisible();
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const labelsColumn = headers.findIndex((h) => h.trim() === 'Labels');
  expect(labelsColumn).toBeGreaterThan(-1);
  await expect(row.getByRole('cell').nth(labelsColumn)).toHaveText(earlier.labels.toLocaleString('en-IN'));
  expect(earlier.labels).toBeGreaterThan(0);
});
