import { COURIER_PAGE } from '@app/contract/courier-redemptions';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { apiAs, logOut, unique } from './staff-helpers';

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));

test('a gift redemption approved by finance is dispatched and delivered by the courier role', async ({
  page,
}) => {
  // A member's requested gift (demo data, made through the member services), approved via the API.
  await signIn(page, 'finance');
  const queue = await apiAs(
    page,
    'GET',
    `/admin/redemptions?filter=${q({ kind: 'gift', status: 'requested' })}`,
  );
  const id = (queue.rows as { id: number }[])[0]!.id;
  await apiAs(page, 'POST', `/admin/redemptions/${id}/approve`);
  await logOut(page);

  await signIn(page, 'courier');
  await page.goto(`${COURIER_PAGE}?filter=${q({ status: 'approved' })}`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
  await row.getByRole('button', { name: 'Dispatch' }).click();
  const dialog = page.getByRole('dialog');
  const awb = `AWB${unique()}`.toUpperCase().slice(0, 20);
  await dialog.getByLabel('Courier company').fill('Blue Dart');
  await dialog.getByLabel('AWB number').fill(awb);
  await dialog.getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText(`Redemption #${id} dispatched`)).toBeVisible();

  await page.goto(`${COURIER_PAGE}?filter=${q({ status: 'dispatched', q: awb })}`);
  const sent = page.getByRole('row').filter({ hasText: awb });
  await expect(sent).toContainText('Blue Dart');
  await sent.getByRole('button', { name: 'Delivered' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText(`Redemption #${id} delivered`)).toBeVisible();

  await page.goto(`${COURIER_PAGE}?filter=${q({ status: 'delivered', q: awb })}`);
  await expect(page.getByRole('row').filter({ hasText: awb })).toContainText('delivered');
});
