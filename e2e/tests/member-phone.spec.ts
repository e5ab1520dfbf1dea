import { expect, type Page, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { approvedAppMember } from './member-app';
import { almondToken, MEMBER_TOKEN_KEY } from './member-web';

// The member app on a phone: offline, reconnecting, scanning, redeeming.
test.use({ viewport: { width: 390, height: 844 } });

/** An approved member signed in on this page (the token the app keeps). */
async function signedIn(page: Page, request: Parameters<typeof almondToken>[0]) {
  const staff = await almondToken(request);
  const member = await approvedAppMember(request, staff);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  return { staff, member };
}

/** Home loaded once online, with the service worker controlling the page (it serves the shell offline). */
async function homeOnline(page: Page) {
  await page.goto('/app/');
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
}

test('opened offline, Home shows the kept balance marked with its time, and loads again online', async ({
  page,
  context,
  request,
}) => {
  await signedIn(page, request);
  await homeOnline(page);
  const balance = await page.getByTestId('balance').textContent();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline')).toHaveText(en.offline);
  await expect(page.getByTestId('balance')).toHaveText(balance ?? '');
  await expect(page.getByTestId('as-of')).toContainText('As of ');
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
  await page.screenshot({ path: 'test-results/member-phone-offline-home.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('offline')).toHaveCount(0);
  await expect(page.getByTestId('as-of')).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText(balance ?? '');
});
