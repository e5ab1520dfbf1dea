import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The effective-dated setting tab (components/EffectiveSettingTab) as Caps & limits shows it: its
 * failed load says so and offers Retry; a wrong value is named before any request; the day it takes
 * effect is the dd/mm/yyyy date picker.
 */

const LIST = /\/api\/admin\/points-limits(\?.*)?$/;

/** Optional screenshots for the closing note: SHOTS_DIR=/some/dir. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

test('Caps & limits: a failed load offers Retry, and Retry shows the table', async ({ page }) => {
  let failing = true;
  await page.route(LIST, (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Something went wrong' } })
      : route.continue(),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/scheme');
  await page.getByRole('tab', { name: 'Caps & limits' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Caps and limits could not be loaded' });
  await expect(alert).toBeVisible();
  // Nothing pretends to know what is in force while the list failed.
  await expect(page.getByText(/^In force:/)).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Request caps and limits' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'caps-limits-error-390');

  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Caps and limits' })).toBeVisible();
  await expect(page.getByText(/^In force:/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'caps-limits-390');
});

test('Caps & limits: wrong values are named before any request; the date is an en-IN picker', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && LIST.test(r.url())) requests.push(r.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/scheme');
  await page.getByRole('tab', { name: 'Caps & limits' }).click();
  const form = page.getByRole('form', { name: 'Request caps and limits' });
  await expect(form).toBeVisible();

  // The day it takes effect: the app's date picker, dd/mm/yyyy, today (IST) to start with.
  const from = form.getByRole('group', { name: 'From (IST)' });
  await expect(from).toBeVisible();
  const today = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(form.locator('input[name="effectiveFrom"]')).toHaveValue(today);

  await form.getByLabel('Points from scans per member per day').fill('500');
  await form.getByLabel('Points from scans per member per month').fill('100');
  await form.getByLabel('Minimum balance to redeem').fill('-5');
  await form.getByRole('button', { name: 'Request change' }).click();
  await expect(form.getByText('The daily cap cannot be above the monthly cap')).toBeVisible();
  await expect(form.getByText('Enter a whole number of points above 0, or leave it empty')).toBeVisible();
  await shot(page, 'caps-limits-validation-1440');
  expect(requests).toEqual([]);

  // Put right, the request goes and waits for a second person.
  await form.getByLabel('Points from scans per member per day').fill('50');
  await form.getByLabel('Minimum balance to redeem').fill('');
  await form.getByRole('button', { name: 'Request change' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();
  expect(requests).toHaveLength(1);
  await expect(page.getByRole('table', { name: 'Caps and limits' }).getByRole('row').nth(1)).toContainText(
    'pending',
  );
  await shot(page, 'caps-limits-1440');
});
