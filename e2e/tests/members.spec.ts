import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { apiAs, unique } from './staff-helpers';

type Row = { id: number; code: string; memberCode?: string; name?: string };
const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const bulkBar = (page: Page) => page.locator('[class*="RaBulkActionsToolbar-toolbar"]');

test('Pending User: approve one, reject one with a required reason', async ({ page }) => {
  await signIn(page, 'cs');
  const [a, b] = (await apiAs(page, 'GET', '/admin/pending-users?perPage=2&sort=id&order=DESC'))
    .rows as Row[];
  await page.goto('/dashboard/approvals/pending_user');
  await expect(page.getByRole('heading', { name: 'Pending User' })).toBeVisible();

  await page.getByPlaceholder('Name, mobile or code').fill(a!.code);
  await rowWith(page, a!.code).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 approved')).toBeVisible();
  await expect(rowWith(page, a!.code)).toHaveCount(0);

  await page.getByPlaceholder('Name, mobile or code').fill(b!.code);
  await rowWith(page, b!.code).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Duplicate registration');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('1 rejected')).toBeVisible();

  await page.goto('/dashboard/approvals/rejected_user');
  await page.getByPlaceholder('Name, mobile or code').fill(b!.code);
  await expect(rowWith(page, b!.code)).toContainText('Duplicate registration');
  const approved = await apiAs(page, 'GET', `/admin/users/${a!.id}/ledger`);
  expect(approved.rows.map((e: { kind: string }) => e.kind)).toContain('joining');
});

test('Pending User: bulk approve and bulk reject', async ({ page }) => {
  await signIn(page, 'cs');
  await page.goto('/dashboard/approvals/pending_user');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const codes = await Promise.all(
    [0, 1, 2, 3].map(async (i) => ((await rows.nth(i).locator('td').nth(1).textContent()) ?? '').trim()),
  );

  for (const code of codes.slice(0, 2)) await rowWith(page, code).getByRole('checkbox').check();
  await bulkBar(page).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('2 approved')).toBeVisible();
  for (const code of codes.slice(0, 2)) await expect(rowWith(page, code)).toHaveCount(0);

  for (const code of codes.slice(2, 4)) await rowWith(page, code).getByRole('checkbox').check();
  await bulkBar(page).getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Not a trade partner');
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('2 rejected')).toBeVisible();
  for (const code of codes.slice(2, 4)) await expect(rowWith(page, code)).toHaveCount(0);
});

test('KYC Verification: claim, reveal, approve; claim and reject; a claim held by another', async ({
  page,
}) => {
  await signIn(page, 'cs');
  const open = (await apiAs(page, 'GET', `/admin/kyc?perPage=2&filter=${filterOf({ claimed: false })}`))
    .rows as Row[];
  await page.goto('/dashboard/approvals/kyc_verification');
  await rowWith(page, open[0]!.memberCode!).click();
  await expect(page).toHaveURL(new RegExp(`/kyc_verification/${open[0]!.id}$`));
  await expect(page.getByRole('img', { name: 'PAN card' })).toBeVisible();
  await page.getByRole('button', { name: 'Claim for review' }).click();
  await expect(page.getByText('You are reviewing this submission.')).toBeVisible();
  await page.getByRole('button', { name: 'Reveal' }).first().click();
  await expect(page.getByTestId('kyc-pan')).toHaveText(/^[A-Z]{5}\d{4}[A-Z]$/);
  // Approving asks first (the one ConfirmDialog); cancelling changes nothing.
  await page.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve this KYC?' });
  await approveDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(approveDialog).toBeHidden();
  await expect(page.getByText('You are reviewing this submission.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('KYC approved', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Approved by Demo CS/)).toBeVisible();

  await page.goto(`/dashboard/approvals/kyc_verification/${open[1]!.id}`);
  await page.getByRole('button', { name: 'Claim for review' }).click();
  await page.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject this KYC?' });
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('Choose a reason from the list')).toBeVisible();
  await rejectDialog.getByRole('combobox', { name: 'Reject reason' }).click();
  await page.getByRole('option', { name: 'Document image is unclear' }).click();
  await rejectDialog.getByRole('textbox', { name: 'Comment' }).fill('Please retake the PAN photo');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('KYC rejected', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Rejected: Document image is unclear by Demo CS/)).toBeVisible();

  const held = (await apiAs(page, 'GET', `/admin/kyc?perPage=1&filter=${filterOf({ claimed: true })}`))
    .rows as Row[];
  await page.goto(`/dashboard/approvals/kyc_verification/${held[0]!.id}`);
  await expect(page.getByText('Claimed by Demo Finance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim for review' })).toBeDisabled();
});

test('a manual points adjustment needs a second person', async ({ page, browser }) => {
  await signIn(page, 'cs');
  const member = (
    await apiAs(page, 'GET', `/admin/users?perPage=1&filter=${filterOf({ status: 'approved' })}`)
  ).rows[0];
  const reason = `Genuine coupon failed to scan ${unique()}`;
  await page.goto(`/dashboard/users/${member.id}`);
  await page.getByRole('button', { name: 'Adjust points' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton', { name: 'Points (negative to remove)' }).fill('75');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Request adjustment' }).click();
  await expect(page.getByText('Adjustment requested; another staff member must approve it')).toBeVisible();
  await page.getByRole('tab', { name: 'Adjustments' }).click();
  await expect(rowWith(page, reason).getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect((await apiAs(page, 'GET', `/admin/users/${member.id}`)).balance).toBe(member.balance);

  const checker = await browser.newPage();
  await signIn(checker, 'admin');
  await checker.goto('/dashboard/users/adjustments');
  await rowWith(checker, reason).getByRole('button', { name: 'Approve' }).click();
  await checker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText(`75 points posted to ${member.name}`)).toBeVisible();
  expect((await apiAs(checker, 'GET', `/admin/users/${member.id}`)).balance).toBe(member.balance + 75);
  await checker.close();
});
