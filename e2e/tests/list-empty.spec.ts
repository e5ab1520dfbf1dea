import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * An empty list keeps its toolbar: the first record can be added (Create, Upload) from the page
 * that says there is none yet, and a filter that matches nothing keeps the buttons too.
 */
const EMPTY_SENTENCE = 'No stores yet. Add one, or upload the spreadsheet of stores.';

async function expectToolbar(page: Page, { wide = true } = {}) {
  await expect(page.getByRole('link', { name: 'Add store' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload spreadsheet' })).toBeVisible();
  // On a phone Export is an unlabelled icon.
  if (wide) await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
}

/** The store list answers no rows at all, as on a fresh install (the map is left alone). */
async function noStores(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/admin/stores',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ rows: [], total: 0, nextCursor: null }),
      }),
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('an empty list shows its sentence and its Create and Upload buttons', async ({ page }) => {
  await noStores(page);
  await page.goto('/dashboard/locator');
  await expect(page.getByRole('status').filter({ hasText: EMPTY_SENTENCE })).toBeVisible();
  await expectToolbar(page);
  await page.getByRole('link', { name: 'Add store' }).click();
  await expect(page).toHaveURL(/\/dashboard\/locator\/create$/);
});

test('on a phone, an empty list says so under its buttons too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await noStores(page);
  await page.goto('/dashboard/locator');
  await expect(page.getByRole('status').filter({ hasText: EMPTY_SENTENCE })).toBeVisible();
  await expectToolbar(page, { wide: false });
});

test('a filter matching nothing says so and keeps the toolbar', async ({ page }) => {
  await page.goto('/dashboard/locator');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.getByPlaceholder('Name, code, city or PIN').fill('no-such-store-anywhere');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing matches these filters.' })).toBeVisible();
  await expectToolbar(page);
});
