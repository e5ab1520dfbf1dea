import { REPORT_PAGE, XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { expect, type Page, test } from '@playwright/test';
import { fillDay, signIn } from './helpers';

/** The shell spec's colours as the browser computes them (#28a745, #343a40, #d3d3d3). */
const GREEN = 'rgb(40, 167, 69)';
const DARK_GREY = 'rgb(52, 58, 64)';
const LIGHT_GREY = 'rgb(211, 211, 211)';

async function openReports(page: Page, role = 'admin') {
  await signIn(page, role);
  await page.goto(REPORT_PAGE);
  await expect(page.getByRole('heading', { name: 'Download Report' })).toBeVisible();
}

async function fillRequest(page: Page, label: string, startDate: string, endDate: string) {
  await page.getByRole('combobox', { name: /Report type/ }).click();
  await page.getByRole('option', { name: label }).click();
  await fillDay(page, 'Start date', startDate);
  await fillDay(page, 'End date', endDate);
}

/** Holds the report call back a moment so the spinner can be seen, then answers as `answer` says. */
async function slowReportCall(page: Page, answer: 'continue' | 'fail') {
  await page.route('**/api/admin/downloadReports', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    if (answer === 'fail') await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    else await route.continue();
  });
}

const spinner = (page: Page) => page.getByTestId('report-spinner');
const confirmColour = (page: Page) =>
  page.locator('.swal2-confirm').evaluate((el) => getComputedStyle(el).backgroundColor);

test('Download saves <reportType>.xlsx, typed as xlsx, with a light-grey spinner meanwhile', async ({
  page,
}) => {
  await openReports(page);
  await fillRequest(page, 'Staff accounts', '2000-01-01', '2099-12-31');
  await slowReportCall(page, 'continue');

  const response = page.waitForResponse((r) => r.url().endsWith('/api/admin/downloadReports'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(spinner(page)).toBeVisible();
  const dot = spinner(page).locator('.loading-dots > span').first();
  expect(await dot.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(LIGHT_GREY);

  expect((await response).headers()['content-type']).toBe(XLSX_CONTENT_TYPE);
  const request = (await response).request().postDataJSON();
  expect(request).toEqual({ reportType: 'staff', startDate: '2000-01-01', endDate: '2099-12-31' });
  expect((await download).suggestedFilename()).toBe('staff.xlsx');
  await expect(spinner(page)).toBeHidden();
  await expect(page.locator('.swal2-popup')).toHaveCount(0);
});

test('the form names missing fields and an end before the start', async ({ page }) => {
  await openReports(page);
  // The dates start at this month so far (IST); the type is the user's to choose.
  const [dd, mm, yyyy] = new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' }).split('/');
  const shown = (day: string) => new RegExp(`${day}\\D*${mm}\\D*${yyyy}`);
  await expect(page.getByRole('group', { name: 'Start date' })).toContainText(shown('01'));
  await expect(page.getByRole('group', { name: 'End date' })).toContainText(shown(dd!));
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Report type is required')).toBeVisible();
  await expect(page.getByText('Start date is required')).toHaveCount(0);

  await fillRequest(page, 'Sign-in activity', '2024-03-02', '2024-03-01');
  await expect(page.getByText('End date must be on or after the start date')).toBeVisible();
  await expect(spinner(page)).toHaveCount(0);
});

test('a failed report call removes the spinner and shows "Something Went Wrong"', async ({ page }) => {
  await openReports(page);
  await fillRequest(page, 'Audit log', '2024-01-01', '2024-01-31');
  await slowReportCall(page, 'fail');

  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(spinner(page)).toBeVisible();
  const popup = page.locator('.swal2-popup');
  await expect(popup).toBeVisible();
  await expect(spinner(page)).toBeHidden();
  await expect(popup.locator('.swal2-html-container')).toHaveText('Something Went Wrong');
  await expect(popup.locator('.swal2-title')).toHaveText('');
  await expect(popup.locator('.swal2-icon.swal2-error')).toBeVisible();
  expect(await confirmColour(page)).toBe(DARK_GREY);
  await page.locator('.swal2-confirm').click();
  await expect(popup).toBeHidden();

  // The background use fails the same way.
  await page.getByRole('button', { name: 'Generate in background' }).click();
  await expect(page.locator('.swal2-html-container')).toHaveText('Something Went Wrong');
  await expect(spinner(page)).toBeHidden();
});

test('background generation: a success popup, no file, and the report reaches Done with a link', async ({
  page,
}) => {
  await openReports(page);
  await fillRequest(page, 'Staff accounts', '2000-01-01', '2099-12-31');
  let downloads = 0;
  page.on('download', () => {
    downloads++;
  });

  await page.getByRole('button', { name: 'Generate in background' }).click();
  const popup = page.locator('.swal2-popup');
  await expect(popup.locator('.swal2-html-container')).toHaveText('Report Generation Started');
  await expect(popup.locator('.swal2-icon.swal2-success')).toBeVisible();
  expect(await confirmColour(page)).toBe(GREEN);
  await expect(spinner(page)).toHaveCount(0);
  await page.locator('.swal2-confirm').click();
  expect(downloads).toBe(0);

  const row = page.locator('[data-testid^="generated-report-"]').first();
  await expect(row).toContainText('Staff accounts');
  await expect(row).toContainText('Demo Admin');
  await expect(row).toContainText('Done', { timeout: 30_000 });
  const file = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  expect((await file).suggestedFilename()).toBe('staff.xlsx');
});

test('a role without report types sees why and cannot run one', async ({ page }) => {
  // Which roles have none changes as the catalogue grows: the answer is stubbed instead.
  await page.route('**/api/admin/reports/types', (route) => route.fulfill({ json: [] }));
  await openReports(page, 'courier');
  await expect(page.getByText('Your role has no report types to run.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
});

test('when the report API fails the page says so and Retry loads it, never "no report types"', async ({
  page,
}) => {
  const failing = (url: URL) =>
    url.pathname === '/api/admin/reports/types' || url.pathname === '/api/admin/reports';
  await page.route(failing, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
  );
  await openReports(page);
  const alerts = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(alerts).toHaveCount(2);
  await expect(page.getByText('Your role has no report types to run.')).toHaveCount(0);
  await expect(page.getByText('No reports generated in the last 7 days.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();

  await page.unroute(failing);
  await alerts.first().getByRole('button', { name: 'Retry' }).click();
  await expect(alerts).toHaveCount(1);
  await alerts.first().getByRole('button', { name: 'Retry' }).click();
  await expect(alerts).toHaveCount(0);
  await fillRequest(page, 'Staff accounts', '2000-01-01', '2099-12-31');
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeEnabled();
});
