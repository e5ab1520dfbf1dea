import { REDEMPTION_PAGE, UTR_UPLOAD_COLUMNS } from '@app/contract/redemptions';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';
import { apiAs, unique } from './staff-helpers';

interface Row {
  id: number;
  status: string;
  kind: string;
  utr: string | null;
  approvedByName: string | null;
  paidByName: string | null;
}

/** The oldest requested redemption of a kind (the demo data makes them through the member's request service). */
async function oldestRequested(page: Page, kind: string): Promise<Row> {
  const filter = encodeURIComponent(JSON.stringify({ kind, status: 'requested' }));
  const list = (await apiAs(
    page,
    'GET',
    `/admin/redemptions?filter=${filter}&sort=createdAt&order=ASC&perPage=5`,
  )) as {
    rows: Row[];
  };
  expect(list.rows.length).toBeGreaterThan(0);
  return list.rows[0]!;
}

/** Approves one row of the queue through its own Approve button. */
async function approveOnPage(page: Page, kind: string, id: number) {
  await page.goto(`${REDEMPTION_PAGE}/${kind}`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Approve redemption ${id}`);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 approved')).toBeVisible();
  await expect(row).toHaveCount(0); // it leaves the requested queue
}

test('a requested gift redemption approved on the page', async ({ page }) => {
  await signIn(page, 'finance');
  const gift = await oldestRequested(page, 'gift');
  await approveOnPage(page, 'gift', gift.id);
  const after = (await apiAs(page, 'GET', `/admin/redemptions/${gift.id}`)) as Row;
  expect(after.status).toBe('approved');
  expect(after.approvedByName).toBeTruthy();
});

test('a cash redemption approved, then paid by a second account with a UTR upload', async ({
  page,
  browser,
}) => {
  await signIn(page, 'finance');
  const cash = await oldestRequested(page, 'cash');
  await approveOnPage(page, 'cash', cash.id);

  // The approver may not pay it: a second staff account uploads the UTR.
  const utr = `E2E${unique().toUpperCase()}`.replace(/[^A-Z0-9]/g, '').slice(0, 30);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('UTR');
  ws.addRow([...UTR_UPLOAD_COLUMNS]);
  ws.addRow([cash.id, utr]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  const context = await browser.newContext();
  const cs = await context.newPage();
  await signIn(cs, 'cs');
  await cs.goto(`${REDEMPTION_PAGE}/cash`);
  await cs.getByRole('button', { name: 'Upload UTRs' }).click();
  const dialog = cs.getByRole('dialog');
  await dialog.getByLabel('UTR spreadsheet').setInputFiles({
    name: 'utr.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(cs.getByText('Marked paid: 1, rejected: 0')).toBeVisible();
  const paid = (await apiAs(cs, 'GET', `/admin/redemptions/${cash.id}`)) as Row;
  expect(paid).toMatchObject({ status: 'paid', utr });
  expect(paid.paidByName).not.toBe(paid.approvedByName);
  await cs.screenshot({ path: 'test-results/redemptions-cash.png', fullPage: true });
  await cs.setViewportSize({ width: 390, height: 844 });
  await cs.goto(`${REDEMPTION_PAGE}/cash`);
  await expect(cs.getByRole('tab', { name: 'Cash' })).toBeVisible();
  const width = await cs.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await cs.screenshot({ path: 'test-results/redemptions-390.png', fullPage: true });
  await context.close();
});

test('the Rewards tab lists the catalogue and adds a gift', async ({ page }) => {
  await signIn(page, 'marketing');
  await page.goto('/dashboard/products/catalogue/rewards');
  await expect(page.getByText('Bosch cordless drill')).toBeVisible();
  const name = `E2E gift ${unique()}`;
  await page.getByRole('link', { name: 'Add reward' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Points cost').fill('1500');
  await page.getByLabel('MRP (₹)').fill('1299');
  await page.getByLabel('Stock').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reward added')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('₹1,299.00');
  await page.screenshot({ path: 'test-results/rewards.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(name)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/rewards-390.png', fullPage: true });
});
