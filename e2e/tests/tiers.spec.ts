import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { logOut } from './staff-helpers';

test('request a tier policy as admin and approve it as almond team (Scheme page, Tiers tab)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/scheme');
  await page.getByRole('tab', { name: 'Tiers' }).click();
  // The demo policy is in force and prefills the request form.
  await expect(page.getByText(/In force: points earned by scans in 12 months: Base/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tier overrides' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Period (months)' }).fill('6');
  await page.getByRole('button', { name: 'Request change' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Tier policies' })
    .getByRole('row')
    .filter({ hasText: 'pending' });
  await expect(row).toContainText('6 months');
  // The requester may not approve their own change.
  await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await logOut(page);

  await signIn(page, 'almond team');
  await page.goto('/dashboard/scheme');
  await page.getByRole('tab', { name: 'Tiers' }).click();
  const pending = page
    .getByRole('table', { name: 'Tier policies' })
    .getByRole('row')
    .filter({ hasText: 'pending' });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Tier policy approved')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Tier policies' }).getByRole('row').filter({ hasText: '6 months' }),
  ).toContainText('in force');
});
