import { PAYOUT_MESSAGES } from '@app/contract/payouts';
import { REDEMPTION_PAGE } from '@app/contract/redemptions';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('Approvals → Redemption has a Payouts tab where finance prepares a batch (the sidebar stays)', async ({
  page,
}) => {
  await signIn(page, 'finance');
  await page.goto(`${REDEMPTION_PAGE}/payouts`);
  await expect(page.getByRole('tab', { name: 'Payouts', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'New payout batch' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Prepare batch' }).click();
  await expect(dialog.getByText(PAYOUT_MESSAGES.chooseSome)).toBeVisible();
  await dialog.getByLabel('Or all approved up to ₹').fill('1');
  await dialog.getByRole('button', { name: 'Prepare batch' }).click();
  // The demo profile has no RazorpayX: the form says so on the field, and the bank file remains.
  await expect(dialog.getByText(PAYOUT_MESSAGES.railUnavailable)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Pay through' }).click();
  await page.getByRole('option', { name: 'Bank file' }).click();
  await dialog.getByRole('button', { name: 'Prepare batch' }).click();
  await expect(dialog.getByText(PAYOUT_MESSAGES.nothingToPay)).toBeVisible();
  await page.screenshot({ path: 'test-results/payouts-tab.png', fullPage: true });
});
