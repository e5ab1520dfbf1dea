import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { logOut } from './staff-helpers';

/**
 * A dashboard for every role that has one (each card opens its list with exactly its
 * filter), the dashboards' error state with Retry and dates that never go blank, actions on screen
 * at 1366 px, the remembered density toggle, and a record's history.
 */
type Card = { key: string; label: string; page: string; link?: string; filter?: Record<string, unknown> };
const SHOTS = process.env.CONSOLE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

const dashboardCards = async (page: Page): Promise<Card[]> => {
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/dashboard') && r.status() === 200);
  await page.goto('/dashboard');
  return (await (await answer).json()).cards as Card[];
};

for (const role of ['courier', 'marketing', 'super admin']) {
  test(`${role}: the dashboard shows its areas' figures; every card opens its list with the card's filter`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, role);
    const cards = await dashboardCards(page);
    expect(cards.length).toBeGreaterThan(0);
    await expect(page.getByTestId(`kpi-${cards[0]!.key}`)).toBeVisible();
    await expect(page.getByText("No figures for your role's areas yet")).toHaveCount(0);
    await shot(page, `dashboard-${role.replace(' ', '-')}-1366`);
    for (const card of cards) {
      await page.goto('/dashboard');
      await page.getByTestId(`kpi-${card.key}`).click();
      await page.waitForURL((url) => url.pathname === (card.link ?? card.page));
      const url = new URL(page.url());
      const filter = url.searchParams.get('filter');
      if (card.filter) expect(JSON.parse(filter ?? '{}'), card.key).toEqual(card.filter);
      else expect(filter, card.key).toBeNull();
      // The list accepted the filter: no error state.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' }), card.key).toHaveCount(0);
    }
  });
}

test('finance: the dashboard shows payouts, TDS and the points liability; a payout card opens the Payouts tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'finance');
  const cards = await dashboardCards(page);
  const payouts = page.getByRole('region', { name: 'Payouts' });
  for (const label of [
    'Approved cash awaiting a payout batch',
    'Payouts in batches, unsettled',
    'Paid out in range',
    'Payouts failed in range',
    'TDS withheld on cash paid in range',
  ])
    await expect(payouts.getByText(label, { exact: true })).toBeVisible();
  const points = page.getByRole('region', { name: 'Points' });
  await expect(points.getByText('Points outstanding', { exact: true })).toBeVisible();
  await expect(points.getByText('Liability of outstanding points', { exact: true })).toBeVisible();
  expect(cards.map((c) => c.key)).toContain('redemptions.tdsThisYear');
  await page.getByTestId('kpi-payouts.paidInRange').click();
  await expect(page.getByRole('tab', { name: 'Payouts', selected: true })).toBeVisible();
});

test('the sign-in cards open the sign-in activity; scans today opens QR Scan History for today', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'almond team');
  const cards = await dashboardCards(page);
  await page.getByTestId('kpi-staff.signIns').click();
  await page.waitForURL(/\/dashboard\/manageadmin\/sign-ins\?/);
  await expect(page.getByRole('tab', { name: 'Sign-in activity', selected: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'almond-team@demo.local' }).first()).toBeVisible();
  await shot(page, 'sign-in-activity-1366');
  await page.goto('/dashboard');
  await page.getByTestId('kpi-scans.today').click();
  await page.waitForURL(/QrScanHistories\?/);
  const filter = JSON.parse(new URL(page.url()).searchParams.get('filter')!);
  expect(filter).toEqual(cards.find((c) => c.key === 'scans.today')!.filter);
  expect(filter).toHaveProperty('from');
});

test('a failing dashboard says so with Retry and keeps its dates; Retry loads it', async ({ page }) => {
  await signIn(page, 'marketing');
  let fail = true;
  await page.route('**/api/admin/dashboard*', (route) =>
    fail ? route.fulfill({ status: 500, body: '{"error":"x","message":"boom"}' }) : route.continue(),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('alert')).toContainText('could not be loaded');
  for (const label of ['From', 'To'])
    await expect(page.getByRole('group', { name: label }).getByRole('spinbutton').first()).not.toHaveText(
      /^DD$/,
    );
  await expect(page.getByRole('group', { name: 'To' })).toContainText(/\d\d/);
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('kpi-content.bannersLive')).toBeVisible();
});

test('a failing Coupons Dashboard Summary says so with Retry and keeps its dates', async ({ page }) => {
  let failSummary = true;
  await page.route('**/api/admin/coupon-summary*', (route) =>
    failSummary ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await signIn(page, 'almond team');
  await page.goto('/dashboard/coupon-dashboard-summary');
  await expect(page.getByRole('alert')).toContainText('could not be loaded');
  await expect(page.getByRole('group', { name: 'From' })).toContainText(/\d\d/);
  failSummary = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Scan rate of allocated stock')).toBeVisible();
});

const ACTION_PAGES = [
  '/dashboard/approvals/redemption',
  '/dashboard/approvals/rejected_user',
  '/dashboard/approvals/pending_user',
  '/dashboard/scheme',
  '/dashboard/allocation-history',
  '/dashboard/damaged-coupon',
];

test('at 1366 px the actions column is on screen without a sideways scroll', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'almond team');
  for (const path of ACTION_PAGES) {
    await page.goto(path);
    const cell = page.locator('td.list-row-actions').first();
    await expect(cell, path).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, path).toBeLessThanOrEqual(1366);
    expect(box.x, path).toBeGreaterThan(0);
    await shot(page, `actions${path.replace(/\//g, '_')}-1366`);
  }
});

test('the density toggle makes rows compact and is remembered for the user, on the server', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'almond team');
  await page.goto('/dashboard/QrScanHistories');
  const row = page.locator('tbody tr').first();
  await expect(row).toBeVisible();
  const before = (await row.boundingBox())!.height;
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/me/preferences') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Compact rows' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await row.boundingBox())!.height).toBeLessThan(before);
  // Dates and codes stay on one line.
  const when = page.locator('tbody tr').first().locator('td').nth(0);
  const lineHeight = await when.evaluate((td) => Number.parseFloat(getComputedStyle(td).lineHeight) || 20);
  expect((await when.boundingBox())!.height).toBeLessThan(lineHeight * 2 + 16);
  await shot(page, 'scan-history-compact-1366');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  // Nothing of it is kept in the browser: only the shell spec's storage keys.
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys.filter((k) => /density/i.test(k))).toEqual([]);

  // Signed out, then in again in a fresh browser (no storage at all): still compact.
  await logOut(page);
  const fresh = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const again = await fresh.newPage();
  await signIn(again, 'almond team');
  await again.goto('/dashboard/QrScanHistories');
  const toggle = again.getByRole('button', { name: 'Compact rows' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // Another person keeps their own (comfortable).
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const otherPage = await other.newPage();
  await signIn(otherPage, 'admin');
  await otherPage.goto('/dashboard/QrScanHistories');
  await expect(otherPage.getByRole('button', { name: 'Compact rows' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await other.close();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await fresh.close();
});

test('a store and an employee show their history on their record', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'almond team');
  await page.goto('/dashboard/locator');
  await page.locator('tbody tr').first().click();
  await page.waitForURL(/\/dashboard\/locator\/\d+\/edit/);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await shot(page, 'store-history-1366');
  await page.goto('/dashboard/employee');
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await page.waitForURL(/\/dashboard\/employee\/\d+\/edit/);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
});

test('390 px: the dashboard, the summary and sign-in activity fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'almond team');
  for (const [path, name] of [
    ['/dashboard', 'dashboard'],
    ['/dashboard/coupon-dashboard-summary', 'coupon-summary'],
    ['/dashboard/manageadmin/sign-ins', 'sign-in-activity'],
    ['/dashboard/reports/reports_download', 'download-report'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, path).toBeLessThanOrEqual(390);
    await shot(page, `${name}-390`);
  }
});
