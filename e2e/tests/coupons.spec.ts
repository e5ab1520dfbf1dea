import { expect, type Page, test } from '@playwright/test';
import { fillDay, signIn } from './helpers';
import { apiAs, logOut } from './staff-helpers';

/** A demo batch (seeded) of the given SKU, through the picker endpoint any staff may read. */
async function demoBatch(page: Page, sku: string) {
  const batches = (await apiAs(page, 'GET', '/admin/coupon-batches/options')) as {
    id: number;
    sku: string;
    firstSerial: number;
    lastSerial: number;
  }[];
  const batch = batches.find((b) => b.sku === sku);
  if (!batch) throw new Error(`no demo batch of ${sku}`);
  return batch;
}

test('generate a batch and watch its progress to the end', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'finance');
  await page.goto('/dashboard/generatecoupon');
  await page.getByRole('combobox', { name: 'SKU' }).click();
  await page.getByRole('option', { name: /PLY-12-MR/ }).click();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('150000');
  await fillDay(page, 'Expiry date', '2031-03-31');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Generate 1,50,000 codes' }).click();
  await expect(page.getByText('Batch created: its codes are being generated')).toBeVisible();
  // Newest first: the new batch is the first row, with Indian digit grouping.
  const row = page.getByRole('row').filter({ hasText: '1,50,000' }).first();
  await expect(row.getByRole('progressbar', { name: 'progress' })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('ready', { timeout: 150_000 });
  await expect(row.getByRole('progressbar', { name: 'progress' })).toHaveCount(0);
});

test('print a batch and download its label PDF', async ({ page }) => {
  await signIn(page, 'printing');
  const batch = await demoBatch(page, 'DOOR-FL-32');
  await page.goto('/dashboard/printCoupon');
  await page.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: new RegExp(`^#${batch.id} `) }).click();
  await page.getByRole('spinbutton', { name: 'From serial' }).fill(String(batch.lastSerial - 39));
  await page.getByRole('spinbutton', { name: 'To serial' }).fill(String(batch.lastSerial));
  await page.getByRole('button', { name: 'Print' }).click();
  const row = page.getByRole('row').filter({ hasText: `${batch.lastSerial - 39} – ${batch.lastSerial}` });
  await expect(row).toContainText('ready', { timeout: 60_000 });
  await expect(row).toContainText('First print');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^punch-\d+-a4\.pdf$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path!).subarray(0, 5).toString()).toBe('%PDF-');
});

test('allocate the next coupons in stock to an invoice line', async ({ page }) => {
  await signIn(page, 'distribution');
  await page.goto('/dashboard/coupon-allocation');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Allocate' }) })
    .first();
  await row.getByRole('button', { name: 'Allocate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'How' }).click();
  await page.getByRole('option', { name: /Next N in stock/ }).click();
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await dialog.getByRole('button', { name: 'Allocate' }).click();
  await expect(page.getByText('2 coupons allocated and activated')).toBeVisible();
  await page.goto('/dashboard/allocation-history');
  await expect(page.getByRole('row').filter({ hasText: 'Demo Distribution' }).first()).toBeVisible();
});

const TORN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('report a damaged coupon; a second person approves it', async ({ page }) => {
  await signIn(page, 'distribution');
  const batch = await demoBatch(page, 'LAM-08MM-MT');
  const serial = String(batch.lastSerial);
  await page.goto('/dashboard/damaged-coupon');
  await page.getByRole('textbox', { name: 'Code or serial' }).fill(serial);
  // A photo goes up first as an upload for this purpose, then the report claims it.
  await page.getByLabel('Photo').setInputFiles({ name: 'torn.png', mimeType: 'image/png', buffer: TORN_PNG });
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByText('Reported: another person must approve it')).toBeVisible();
  const mine = page.getByRole('row').filter({ hasText: serial });
  await expect(mine).toContainText('Awaiting another person');
  await logOut(page);

  await signIn(page, 'almond team');
  await page.goto('/dashboard/damaged-coupon');
  const row = page.getByRole('row').filter({ hasText: serial });
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve and void' }).click();
  await expect(page.getByText('Approved: 1 voided, 0 replaced')).toBeVisible();
  await expect(row).toContainText('approved');
});

test('filter the QR scan history by result', async ({ page }) => {
  await signIn(page, 'cs');
  await page.goto('/dashboard/QrScanHistories');
  await page.getByRole('combobox', { name: 'Result' }).click();
  await page.getByRole('option', { name: 'success' }).click();
  await expect(page).toHaveURL(/filter=.*success/);
  await expect(page.getByRole('row').nth(1)).toContainText('success');
});
