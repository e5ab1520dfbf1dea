import { COURIER_PAGE } from '@app/contract/courier-redemptions';
import { formatDay, todayInIndia } from '@app/contract/format';
import { REDEMPTION_PAGE } from '@app/contract/redemptions';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { requestCode } from '../server-log';
import { fillDay, signIn } from './helpers';
import { acceptCurrentTerms, bearer, staffToken } from './member-app';
import { logOut, unique } from './staff-helpers';

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));

/**
 * A demo member who may redeem a gift (approved, KYC approved, the points for it), signed in as the
 * app signs in: a one-time code by SMS (read from the demo server's log).
 */
async function redeemingMember(request: APIRequestContext) {
  const admin = await staffToken(request, 'admin@demo.local');
  const filter = q({ status: 'approved', kycStatus: 'approved', balanceMin: 5000 });
  const list = await request.get(`/api/admin/users?filter=${filter}&sort=balance&order=DESC&perPage=5`, {
    headers: bearer(admin),
  });
  expect(list.status()).toBe(200);
  const member = (await list.json()).rows[0] as {
    name: string;
    code: string;
    mobile: string;
    balance: number;
  };
  expect(member, 'a demo member with approved KYC and 5,000 points').toBeTruthy();
  const login = await request.post('/api/app/login', {
    data: { mobile: member.mobile, code: await requestCode(request, member.mobile) },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { ...member, token: (await login.json()).token as string };
}

test('a member’s gift redemption (member API) is approved, dispatched and delivered on the pages', async ({
  page,
  request,
}) => {
  const member = await redeemingMember(request);
  const rewards = await request.get('/api/app/rewards', { headers: bearer(member.token) });
  const gift = (
    (await rewards.json()) as { id: number; name: string; type: string; pointsCost: number; stock: number }[]
  ).find((r) => r.type === 'physical' && r.stock > 0 && r.pointsCost <= member.balance);
  expect(gift, 'a gift in stock the member can afford').toBeTruthy();
  await acceptCurrentTerms(request, member.token);
  const made = await request.post('/api/app/redemptions', {
    headers: { ...bearer(member.token), 'idempotency-key': `e2e-courier-${unique()}` },
    data: { kind: 'gift', rewardId: gift!.id, quantity: 1 },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id, status } = (await made.json()) as { id: number; status: string };
  expect(status).toBe('requested');
  const idCell = page.getByRole('cell', { name: String(id), exact: true });

  // Finance approves it in the gift queue of Approvals → Redemption.
  await signIn(page, 'finance');
  await page.goto(`${REDEMPTION_PAGE}/gift?filter=${q({ status: 'requested', q: member.code })}`);
  const queued = page.getByRole('row').filter({ has: idCell });
  await expect(queued).toContainText(member.name);
  await expect(queued).toContainText(gift!.name);
  await queued.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog');
  await expect(approve).toContainText(`Approve redemption ${id}`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 approved')).toBeVisible();
  await expect(queued).toHaveCount(0);
  await logOut(page);

  // The courier desk sees it to dispatch, with the member and the gift, and dispatches it.
  const today = todayInIndia();
  await signIn(page, 'courier');
  await page.goto(`${COURIER_PAGE}?filter=${q({ status: 'approved', q: member.code })}`);
  const row = page.getByRole('row').filter({ has: idCell });
  await expect(row).toContainText(`${member.name} (${member.code})`);
  await expect(row).toContainText(`${gift!.name} × 1`);
  await row.getByRole('button', { name: 'Dispatch' }).click();
  const dispatch = page.getByRole('dialog');
  await expect(dispatch).toContainText(`Dispatch redemption #${id}`);
  const awb = `AWB${unique()}`.toUpperCase().slice(0, 20);
  await dispatch.getByLabel('Courier company').fill('Blue Dart');
  await dispatch.getByLabel('AWB number').fill(awb);
  await fillDay(page, 'Dispatch date', today);
  await dispatch.getByRole('button', { name: 'Dispatch' }).click();
  await expect(dispatch).toBeHidden();
  await expect(page.getByText(`Redemption #${id} dispatched`)).toBeVisible();
  await expect(row).toHaveCount(0); // it left the approved list

  await page.goto(`${COURIER_PAGE}?filter=${q({ status: 'dispatched', q: awb })}`);
  const sent = page.getByRole('row').filter({ has: idCell });
  for (const seen of ['Blue Dart', awb, formatDay(today), 'dispatched'])
    await expect(sent).toContainText(seen);
  await sent.getByRole('button', { name: 'Delivered' }).click();
  const delivered = page.getByRole('dialog');
  await expect(delivered).toContainText(`Redemption #${id} delivered`);
  await fillDay(page, 'Delivery date', today);
  await delivered.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(delivered).toBeHidden();
  await expect(page.getByText(`Redemption #${id} delivered`)).toBeVisible();

  await page.goto(`${COURIER_PAGE}?filter=${q({ status: 'delivered', q: awb })}`);
  const done = page.getByRole('row').filter({ has: idCell });
  await expect(done).toContainText('delivered');
  await expect(done.getByRole('button', { name: 'Delivered' })).toHaveCount(0);

  // The member's app shows the whole way.
  const mine = await request.get('/api/app/redemptions', { headers: bearer(member.token) });
  const seen = (
    (await mine.json()) as { id: number; status: string; awb: string; history: { toStatus: string }[] }[]
  ).find((r) => r.id === id)!;
  expect(seen).toMatchObject({ status: 'delivered', awb, courierCompany: 'Blue Dart' });
  expect(seen.history.map((h) => h.toStatus)).toEqual(['requested', 'approved', 'dispatched', 'delivered']);
});
