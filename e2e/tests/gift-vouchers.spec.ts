import { BULK_VOUCHERS_PAGE, GIFT_VOUCHERS_PAGE, VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fillDay, signIn } from './helpers';
import { unique } from './staff-helpers';

/** A day from today in India as the sheet's DD/MM/YYYY. */
const dmy = (days: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('/');

async function voucherSheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Gift vouchers');
  ws.addRow([...VOUCHER_UPLOAD_COLUMNS]);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('voucher upload: a duplicate row is refused with its row number, then the valid rows apply', async ({
  page,
}) => {
  const brand = `E2E Brand ${unique()}`;
  const buffer = await voucherSheet([
    [brand, 500, 'E2E-CODE-0001', '123456', dmy(60)],
    [brand, 500, 'E2E-CODE-0002', '654321', dmy(60)],
    [brand, 500, 'E2E-CODE-0001', '111111', dmy(60)],
  ]);
  await signIn(page, 'almond team');
  await page.goto(BULK_VOUCHERS_PAGE);
  await page.getByRole('button', { name: 'Upload vouchers' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Gift voucher spreadsheet').setInputFiles({
    name: 'vouchers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    dialog.getByText('The file has errors: nothing was added. 1 of 3 rows are valid.'),
  ).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Upload errors' });
  await expect(errors.getByRole('row').filter({ hasText: 'also in row 4' })).toContainText('2');
  await expect(errors.getByRole('row').filter({ hasText: 'also in row 2' })).toContainText('4');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download error report' }).click();
  expect((await download).suggestedFilename()).toBe('gift-voucher-upload-errors.xlsx');

  await dialog.getByRole('button', { name: 'Apply valid rows' }).click();
  await expect(page.getByText('Vouchers added: 1, rejected: 2')).toBeVisible();
  await expect(dialog).toBeHidden();

  // On Gift Vouchers: the new voucher, its PIN masked until revealed.
  await page.goto(
    `${GIFT_VOUCHERS_PAGE}?filter=${encodeURIComponent(JSON.stringify({ q: 'E2E-CODE-0002' }))}`,
  );
  const row = page.getByRole('row').filter({ hasText: 'E2E-CODE-0002' });
  await expect(row).toContainText('XXXXXX');
  await expect(row).toContainText('₹500.00');
  await row.getByRole('button', { name: 'Reveal' }).click();
  await expect(row).toContainText('654321');
  await expect(page.getByRole('table', { name: 'Stock by brand and denomination' })).toContainText(brand);
});

test('bulk void of a selected voucher asks for a reason and leaves it void', async ({ page }) => {
  const brand = `Void Brand ${unique()}`;
  await signIn(page, 'almond team');
  await page.goto(GIFT_VOUCHERS_PAGE);
  await page.getByRole('button', { name: 'Add voucher' }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Brand').fill(brand);
  await add.getByLabel('Denomination (₹)').fill('1000');
  await add.getByLabel('Code').fill('VOID-ME-0001');
  await add.getByLabel('PIN (optional)').fill('9090');
  await fillDay(page, 'Expiry', dmy(30).split('/').reverse().join('-'));
  await add.getByRole('button', { name: 'Add voucher' }).click();
  await expect(page.getByText('Voucher VOID-ME-0001 added')).toBeVisible();

  await page.goto(`${BULK_VOUCHERS_PAGE}`);
  const row = page.getByRole('row').filter({ hasText: 'VOID-ME-0001' });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Void selected' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(confirm.getByText('A reason is required')).toBeVisible();
  await confirm.getByLabel('Reason').fill('Leaked');
  await confirm.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(page.getByText('1 voided')).toBeVisible();
});
