import { POINTS_UPLOAD_COLUMNS, SCHEME_POINTS_PAGE } from '@app/contract/scheme-points';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';
import { unique } from './staff-helpers';

/** Today in India as the sheet's DD/MM/YYYY. */
const todayDmy = () =>
  new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10).split('-').reverse().join('/');

async function pointsSheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Scheme points');
  ws.addRow([...POINTS_UPLOAD_COLUMNS]);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('upload scheme points: errors first, then apply the valid rows', async ({ page }) => {
  const reason = `Bulk upload ${unique()}`;
  const buffer = await pointsSheet([
    ['PLY-12-MR', 37, todayDmy(), reason],
    ['NO-SUCH-SKU', 'lots', todayDmy(), ''],
  ]);
  await signIn(page, 'admin');
  await page.goto(SCHEME_POINTS_PAGE);
  await page.getByRole('button', { name: 'Upload spreadsheet' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Scheme points spreadsheet').setInputFiles({
    name: 'points.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(
    dialog.getByText('The file has errors: nothing was applied. 1 of 2 rows are valid.'),
  ).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Upload errors' });
  await expect(errors.getByRole('row')).toHaveCount(4);
  await expect(errors).toContainText('No product has this SKU: NO-SUCH-SKU');
  await expect(errors).toContainText('Base points must be a whole number from 0 to 100000');
  await expect(errors).toContainText('Reason is required');
  await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download error report' }).click();
  expect((await download).suggestedFilename()).toBe('scheme-points-upload-errors.xlsx');

  await dialog.getByRole('button', { name: 'Apply valid rows' }).click();
  await expect(page.getByText('Points changes applied: 1, rejected: 1')).toBeVisible();
  await expect(dialog).toBeHidden();
  const change = page.getByRole('row').filter({ hasText: reason });
  await expect(change).toContainText('PLY-12-MR');
  await expect(change).toContainText('37');
});
