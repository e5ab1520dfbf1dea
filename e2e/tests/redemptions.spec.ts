import { REDEMPTION_PAGE, UTR_UPLOAD_COLUMNS } from '@app/contract/redemptions';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';
import { acceptCurrentTerms, bearer, redeemingMember } from './member-app';
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

test('a member redemption made through the member API, approved on the page', async ({ page, request }) => {
  // The member: registered and approved, KYC submitted and approved, points granted (maker-checker).
  const { member } = await redeemingMember(request, {
    cs: 'cs@demo.local',
    finance: 'finance@demo.local',
  });

  await acceptCurrentTerms(request, member.token);
  const made = await request.post('/api/app/redemptions', {
    headers: { ...bearer(member.token), 'idempotency-key': `e2e-${unique()}` },
    data: { kind: 'cash', points: 2000, payout: 'upi' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const redemption = (await made.json()) as { id: number; status: string };
  expect(redemption.status).toBe('requested');

  await signIn(page, 'finance');
  await approveOnPage(page, 'cash', redemption.id);
  const mine = await request.get('/api/app/redemptions', { headers: bearer(member.token) });
  const seen = (
    (await mine.json()) as { id: number; status: string; history: { toStatus: string }[] }[]
  ).find((r) => r.id === redemption.id)!;
  expect(seen.status).toBe('approved');
  expect(seen.history.map((h) => h.toStatus)).toEqual(['requested', 'approved']);
});

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

test("the approver's Mark paid is disabled, saying why; a refused payment shows as an error alert", async ({
  page,
  browser,
}) => {
  await signIn(page, 'finance');
  const cash = await oldestRequested(page, 'cash');
  await apiAs(page, 'POST', `/admin/redemptions/${cash.id}/approve`);
  const { memberCode } = (await apiAs(page, 'GET', `/admin/redemptions/${cash.id}`)) as {
    memberCode: string;
  };
  const approvedRow = (p: Page) =>
    p.getByRole('row').filter({ has: p.getByRole('cell', { name: String(cash.id), exact: true }) });
  const filter = encodeURIComponent(JSON.stringify({ status: 'approved', q: memberCode }));
  await page.goto(`${REDEMPTION_PAGE}/cash?filter=${filter}`);
  const markPaid = approvedRow(page).getByRole('button', { name: 'Mark paid' });
  await expect(markPaid).toBeDisabled();
  await expect(markPaid).toHaveAccessibleDescription(
    'You approved this redemption; a different staff account must mark it paid',
  );
  await markPaid.locator('..').hover();
  await expect(page.getByRole('tooltip')).toContainText('a different staff account must mark it paid');
  await page.screenshot({ path: 'test-results/redemptions-approver.png', fullPage: true });

  // A second account may: its dialog shows a refusal (paid meanwhile as failed) as an error alert.
  const context = await browser.newContext();
  const cs = await context.newPage();
  await signIn(cs, 'cs');
  await cs.goto(`${REDEMPTION_PAGE}/cash?filter=${filter}`);
  await approvedRow(cs).getByRole('button', { name: 'Mark paid' }).click();
  const dialog = cs.getByRole('dialog');
  await dialog.getByLabel('UTR (6 to 30 letters or digits)').fill(`E2E${cash.id}UTRX`);
  await apiAs(cs, 'POST', `/admin/redemptions/${cash.id}/failed`, { reason: 'Bounced meanwhile' });
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This redemption is failed; it cannot be paid');
  await expect(dialog.getByRole('textbox')).toHaveCount(1); // only the UTR: the error is not an input
  await cs.screenshot({ path: 'test-results/redemptions-error-alert.png', fullPage: true });
  await context.close();
});
