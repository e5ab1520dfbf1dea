import type { InvoiceDetail, InvoiceRow } from '@app/contract/invoices';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { apiAs } from './staff-helpers';

/**
 * Invoice: a row opens to the invoice's lines, read from the invoice itself (`GET /admin/invoices/:id`),
 * never from the list's row (which has no lines): by click and by Enter, the page never breaks.
 */
const path = (url: string) => new URL(url).pathname;

async function openInvoices(page: Page) {
  await signIn(page, 'almond team');
  const list = page.waitForResponse((r) => path(r.url()) === '/api/admin/invoices');
  await page.goto('/dashboard/invoice');
  const { rows } = (await (await list).json()) as { rows: InvoiceRow[] };
  expect(rows.length).toBeGreaterThan(1);
  return rows;
}

async function expectLines(page: Page, id: number) {
  const detail = (await apiAs(page, 'GET', `/admin/invoices/${id}`)) as InvoiceDetail;
  expect(detail.lineItems.length).toBeGreaterThan(0);
  const lines = page.getByRole('table', { name: `Lines of invoice ${detail.number}` });
  await expect(lines).toBeVisible();
  await expect(lines.getByRole('row')).toHaveCount(detail.lineItems.length + 1);
  for (const line of detail.lineItems) await expect(lines).toContainText(line.sku);
}

test('a row opens to its lines by click', async ({ page }) => {
  const [first] = await openInvoices(page);
  await page.getByRole('row', { name: 'Open' }).filter({ hasText: first!.number }).click();
  await expectLines(page, first!.id);
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
});

test('a row opens to its lines with Enter', async ({ page }) => {
  const rows = await openInvoices(page);
  const second = rows[1]!;
  const row = page.getByRole('row', { name: 'Open' }).filter({ hasText: second.number });
  await row.focus();
  await page.keyboard.press('Enter');
  await expectLines(page, second.id);
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
});

test('lines that fail to load say so and offer Retry', async ({ page }) => {
  const [first] = await openInvoices(page);
  const matcher = (url: URL) => url.pathname === `/api/admin/invoices/${first!.id}`;
  await page.route(matcher, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
  );
  await page.getByRole('row', { name: 'Open' }).filter({ hasText: first!.number }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(alert).toBeVisible();
  await page.unroute(matcher);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expectLines(page, first!.id);
});
