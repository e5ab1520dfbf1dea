import { PAYOUT_MESSAGES, PAYOUT_RAIL_LABELS, upiRailNote } from '@app/contract/payouts';
import { REDEMPTION_PAGE } from '@app/contract/redemptions';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { staffToken } from './member-api';

type Redemption = { id: number; payout: string | null; netPaise: number };

const tokens = new Map<string, string>();
const tokenOf = async (request: APIRequestContext, role: string) => {
  if (!tokens.has(role)) tokens.set(role, await staffToken(request, role));
  return tokens.get(role)!;
};

/** A staff API call as a demo role (setting up data the test is not about). */
async function api(
  request: APIRequestContext,
  role: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
) {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(request, role)}` },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res;
}

const cashRedemptions = async (request: APIRequestContext, status: string) => {
  const filter = encodeURIComponent(JSON.stringify({ kind: 'cash', status }));
  const res = await api(request, 'finance', 'GET', `/admin/redemptions?filter=${filter}&perPage=100`);
  return ((await res.json()) as { rows: Redemption[] }).rows;
};

test('the new-batch dialog offers only the rails configured and says where UPI redemptions go', async ({
  page,
  request,
}) => {
  // A UPI redemption approved and waiting: a bank file cannot pay it.
  const upi = (await cashRedemptions(request, 'requested')).find((r) => r.payout === 'upi');
  expect(upi).toBeDefined();
  await api(request, 'hod', 'POST', `/admin/redemptions/${upi!.id}/approve`);
  const rails = await (await api(request, 'finance', 'GET', '/admin/payout-rails')).json();
  expect(rails.waiting.upi).toBeGreaterThan(0);

  await signIn(page, 'finance');
  await page.goto(`${REDEMPTION_PAGE}/payouts`);
  await expect(page.getByRole('tab', { name: 'Payouts', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'New payout batch' }).click();
  const dialog = page.getByRole('dialog');
  // The demo profile has no RazorpayX: the bank file is chosen, and the payout API is not offered.
  const rail = dialog.getByRole('combobox', { name: 'Pay through' });
  await expect(rail).toHaveText(PAYOUT_RAIL_LABELS.bank_file);
  await expect(dialog.getByRole('note')).toHaveText(upiRailNote(rails.waiting.upi, false));
  await rail.click();
  await expect(page.getByRole('option')).toHaveText([PAYOUT_RAIL_LABELS.bank_file]);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Prepare batch' }).click();
  await expect(dialog.getByText(PAYOUT_MESSAGES.chooseSome)).toBeVisible();
  await dialog.getByLabel('Or all approved up to ₹').fill('1');
  await dialog.getByRole('button', { name: 'Prepare batch' }).click();
  await expect(dialog.getByText(PAYOUT_MESSAGES.nothingToPay)).toBeVisible();
  await page.screenshot({ path: 'test-results/payouts-tab.png', fullPage: true });
});

test('a bank response uploaded settles the batch row at once, without a reload', async ({
  page,
  request,
}) => {
  const bank = (await cashRedemptions(request, 'approved')).find((r) => r.payout === 'bank');
  expect(bank).toBeDefined();
  const made = await api(request, 'finance', 'POST', '/admin/payout-batches', {
    rail: 'bank_file',
    ids: [bank!.id],
  });
  const batch = (await made.json()) as { id: number; items: { amountPaise: number }[] };
  await api(request, 'almond team', 'POST', `/admin/payout-batches/${batch.id}/release`);
  await api(request, 'almond team', 'GET', `/admin/payout-batches/${batch.id}/bank-file`);
  const amount = (batch.items[0]!.amountPaise / 100).toFixed(2);
  const reverseFile = `RDM${bank!.id},Member,123456789012,SBIN0001234,10,${amount},20261125,HDFCN5E2E${batch.id}0001,E,\n`;

  await signIn(page, 'finance');
  await page.goto(`${REDEMPTION_PAGE}/payouts`);
  // The row stays in the page behind the dialog (hidden from the accessibility tree while it is open).
  const row = page
    .getByRole('row', { includeHidden: true })
    .filter({ has: page.getByRole('cell', { name: String(batch.id), exact: true, includeHidden: true }) });
  const cell = (n: number) => row.getByRole('cell', { includeHidden: true }).nth(n);
  await expect(cell(5)).toHaveText('0');
  await expect(cell(7)).toHaveText('1');
  await row.getByRole('button', { name: 'Upload bank response' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bank response file').setInputFiles({
    name: 'reverse.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(reverseFile),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('paid: 1');
  // Paid 1, pending 0 while the result is still shown.
  await expect(cell(5)).toHaveText('1');
  await expect(cell(7)).toHaveText('0');
  await expect(cell(2)).toHaveText('completed');
});
