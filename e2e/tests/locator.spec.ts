import { LOCATOR_PAGE, STORE_UPLOAD_COLUMNS } from '@app/contract/stores';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';
import { unique } from './staff-helpers';

async function storesSheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Stores');
  ws.addRow([...STORE_UPLOAD_COLUMNS]);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every request the page makes that leaves the app's own origin. */
function outsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return; // data: and blob: stay in the page
    if (url.origin !== new URL(page.url() || 'http://localhost').origin && url.hostname !== 'localhost')
      outside.push(request.url());
  });
  return outside;
}

test('a store uploaded by spreadsheet is found on the map, with nothing fetched from outside the app', async ({
  page,
}) => {
  const outside = outsideRequests(page);
  const tag = unique()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toUpperCase();
  const code = `E2E-${tag}`;
  const name = `Map Test Hardware ${tag}`;
  const buffer = await storesSheet([
    [
      code,
      name,
      'Dealer',
      'Asha Rao',
      '98450 12345',
      '',
      '12 Residency Road',
      'Bengaluru',
      'Karnataka',
      '560025',
      12.9716,
      77.5946,
      'Mon–Sat 10–8',
      'Yes',
    ],
    [
      `${code}-X`,
      'Far Away Store',
      'Dealer',
      'Nobody',
      '98450 12345',
      '',
      'Somewhere',
      'London',
      'Karnataka',
      '560025',
      51.5074,
      -0.1278,
      '',
      'Yes',
    ],
  ]);
  await signIn(page, 'admin');
  await page.goto(LOCATOR_PAGE);
  await page.getByRole('button', { name: 'Upload spreadsheet' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Stores spreadsheet').setInputFiles({
    name: 'stores.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    dialog.getByText('The file has errors: nothing was applied. 1 of 2 rows are valid.'),
  ).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Upload errors' });
  await expect(errors).toContainText('Latitude: a number from 6 to 37.5 (India)');
  await expect(errors).toContainText('Longitude: a number from 68 to 97.5 (India)');
  await dialog.getByRole('button', { name: 'Apply valid rows' }).click();
  await expect(page.getByText('Stores added: 1, updated: 0, rejected rows: 1')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Name, code, city or PIN').fill(code);
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
  const map = page.getByRole('region', { name: 'Map of stores' });
  await expect(map).toBeVisible();
  await expect(page.getByText('1 stores on the map.')).toBeVisible();
  const marker = map.locator('.points-map-marker');
  await expect(marker).toHaveCount(1);
  await marker.hover();
  await expect(map.locator('.leaflet-tooltip')).toContainText(name);
  await marker.click();
  await expect(map.locator('.leaflet-popup')).toContainText(`${name} (${code}) · Dealer · Bengaluru`);
  // The outline of India is drawn from the app's own bundle.
  await expect(map.locator('path.points-map-india')).toBeVisible();
  expect(outside).toEqual([]);
});

test('the map fits a phone: 390 px wide, nothing scrolls sideways, markers of the demo stores', async ({
  page,
}) => {
  const outside = outsideRequests(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'cs');
  await page.goto(LOCATOR_PAGE);
  const map = page.getByRole('region', { name: 'Map of stores' });
  await expect(map).toBeVisible();
  await expect(map.locator('.points-map-marker').first()).toBeVisible();
  expect(await map.locator('.points-map-marker').count()).toBeGreaterThan(20);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await page.screenshot({ path: 'test-results/locator-390.png', fullPage: false });
  expect(outside).toEqual([]);
});
