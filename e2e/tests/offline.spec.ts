import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { sidebar } from './sidebar-reader';

const message = (n: number | string) => `No Internet Connection. Retrying to connect in ${n} seconds.`;
const belowTen = /^No Internet Connection\. Retrying to connect in [0-9] seconds\.$/;

test('offline: the app is replaced by a countdown from 10, and the page reloads at 0', async ({
  page,
  context,
}) => {
  await signIn(page, 'cs');
  await expect(sidebar(page)).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(message(10), { exact: true })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByText(belowTen)).toBeVisible({ timeout: 3_000 });

  // At 0 the page reloads: the browser re-requests the document (which fails, being offline).
  const reload = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url().endsWith('/dashboard'),
    {
      timeout: 15_000,
    },
  );
  await reload;
  await expect(page.getByText(belowTen)).toHaveCount(0);
});

test('back online: the app returns, and the next offline spell counts from 10 again', async ({
  page,
  context,
}) => {
  await signIn(page, 'cs');
  await expect(sidebar(page)).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(message(10), { exact: true })).toBeVisible();
  await expect(page.getByText(message(8), { exact: true })).toBeVisible({ timeout: 5_000 });

  await context.setOffline(false);
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByText(belowTen)).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  await context.setOffline(true);
  await expect(page.getByText(message(10), { exact: true })).toBeVisible();
  await context.setOffline(false);
  await expect(sidebar(page)).toBeVisible();
});

test('reload at 0 really loads the page again (offline signalled by the browser events only)', async ({
  page,
}) => {
  await signIn(page, 'cs');
  // The network stays up so the reload succeeds; only navigator.onLine and the event say offline.
  await page.evaluate(() => {
    sessionStorage.setItem('reload-marker', 'before');
    (window as Window & { beforeReload?: boolean }).beforeReload = true;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
  await expect(page.getByText(message(10), { exact: true })).toBeVisible();
  const loaded = page.waitForEvent('load', { timeout: 15_000 });
  await loaded;
  await expect(sidebar(page)).toBeVisible();
  expect(
    await page.evaluate(() => (window as Window & { beforeReload?: boolean }).beforeReload),
  ).toBeUndefined();
  expect(await page.evaluate(() => sessionStorage.getItem('reload-marker'))).toBe('before');
});
