import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';
import { sidebar } from './sidebar-reader';

declare global {
  interface Window {
    loaderSightings?: { label: string | null; role: string | null; dotColour: string }[];
  }
}

/** Records every appearance of the route loader, however briefly it is on screen. */
async function watchLoader(page: Page) {
  await page.evaluate(() => {
    window.loaderSightings = [];
    let present = false;
    new MutationObserver(() => {
      const loader = document.querySelector('[data-testid="route-loader"]');
      if (loader && !present) {
        const dot = loader.querySelector('.loading-dots > span');
        window.loaderSightings?.push({
          label: loader.getAttribute('aria-label'),
          role: loader.getAttribute('role'),
          dotColour: dot ? getComputedStyle(dot).backgroundColor : '',
        });
      }
      present = loader !== null;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test('a green full-screen loader shows on each route change and goes when it completes', async ({ page }) => {
  await signIn(page, 'almond team');
  const loader = page.getByTestId('route-loader');
  await expect(loader).toHaveCount(0);
  await watchLoader(page);

  await sidebar(page).getByRole('link', { name: 'Manage Admin' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageadmin$/);
  await expect(loader).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoice$/);
  await expect(loader).toHaveCount(0);

  // One sighting per change at least (a built page may add its own internal redirects), all green.
  const sightings = (await page.evaluate(() => window.loaderSightings)) ?? [];
  expect(sightings.length).toBeGreaterThanOrEqual(2);
  for (const sighting of sightings) {
    expect(sighting).toEqual({ label: 'Loading page', role: 'progressbar', dotColour: 'rgb(46, 125, 50)' });
  }
});

test('the loader also goes when the route change fails', async ({ page }) => {
  // The admin part cannot load: the change to /dashboard fails.
  await page.route(/\/assets\/DashboardApp-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  await page.getByLabel('Email').fill('cs@demo.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByTestId('route-loader')).toHaveCount(0);
});
