import { expect, type Page, test } from '@playwright/test';
import { fillDay, signIn } from './helpers';
import { apiAs } from './staff-helpers';

const batchCount = async (page: Page) =>
  ((await apiAs(page, 'GET', '/admin/coupon-batches?perPage=1')) as { total: number }).total;

async function fillGenerateForm(page: Page, quantity: string) {
  await page.getByRole('combobox', { name: 'SKU' }).click();
  await page.getByRole('option', { name: /PLY-12-MR/ }).click();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(quantity);
  await fillDay(page, 'Expiry date', '2031-03-31');
}

test('generate asks first with the count, SKU and points at stake, then empties the form', async ({
  page,
}) => {
  await signIn(page, 'finance');
  const product = (
    (await apiAs(page, 'GET', '/admin/products/options')) as { sku: string; basePoints: number }[]
  ).find((p) => p.sku === 'PLY-12-MR')!;
  await page.goto('/dashboard/generatecoupon');
  const before = await batchCount(page);
  await fillGenerateForm(page, '123456');

  await page.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Generate 1,23,456 QR codes?');
  await expect(dialog).toContainText('PLY-12-MR');
  await expect(dialog).toContainText(
    `Points at stake: ${(product.basePoints * 123456).toLocaleString('en-IN')}`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await batchCount(page)).toBe(before);

  await page.getByRole('button', { name: 'Generate' }).click();
  await dialog.getByRole('button', { name: 'Generate 1,23,456 codes' }).click();
  await expect(page.getByText('Batch created: its codes are being generated')).toBeVisible();
  expect(await batchCount(page)).toBe(before + 1);
  // Emptied: a second click cannot make the same batch again.
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Quantity is required')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await batchCount(page)).toBe(before + 1);
});

test('what was typed survives the offline guard and its reload', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, 'finance');
  await page.goto('/dashboard/generatecoupon');
  await fillGenerateForm(page, '4321');
  await page.getByRole('textbox', { name: 'Note' }).fill('for the Kochi depot');

  await context.setOffline(true);
  await expect(page.getByText('No Internet Connection. Retrying to connect in 10 seconds.')).toBeVisible();
  await page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith('/dashboard/generatecoupon'), {
    timeout: 15_000,
  });
  await context.setOffline(false);
  // The reload failed offline; the person loads the page again once the connection is back.
  await page.reload();

  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('4321');
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('for the Kochi depot');
  await expect(page.getByRole('combobox', { name: 'SKU' })).toContainText('PLY-12-MR');
  await expect(page.getByRole('group', { name: 'Expiry date' })).toContainText('31/03/2031');
});
