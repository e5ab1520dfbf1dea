import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { signIn } from './helpers';
import { approvedAppMember, bearer, staffToken } from './member-app';
import { activeCodes, almondToken, MEMBER_TOKEN_KEY } from './member-web';
import { unique } from './staff-helpers';

// The channel: a partner attaches to his dealer in the app, staff aim a notification at a segment,
// and the dealer sees his partner's scan and his share of it.
test.describe.configure({ mode: 'serial' });

let dealer: { token: string; id: number; code: string };
let partner: { token: string; id: number; name: string };

const asMemberOn = async (page: Page, token: string) =>
  page.addInitScript(([key, value]) => localStorage.setItem(key, value), [MEMBER_TOKEN_KEY, token] as const);

async function profile(request: APIRequestContext, token: string) {
  const res = await request.get('/api/app/profile', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { code: string; name: string };
}

test('a partner attaches himself to his dealer in the app', async ({ page, request }) => {
  const staff = await almondToken(request);
  const d = await approvedAppMember(request, staff, undefined, 'dealer');
  dealer = { ...d, code: (await profile(request, d.token)).code };
  const p = await approvedAppMember(request, staff);
  partner = { ...p, name: (await profile(request, p.token)).name };

  await asMemberOn(page, partner.token);
  await page.goto('/app/dealer');
  await expect(page.getByText(en.dealer.none)).toBeVisible();
  await page.getByLabel(en.dealer.code).fill(dealer.code);
  await page.getByRole('button', { name: en.dealer.attach, exact: true }).click();
  await expect(page.getByText(en.dealer.attached)).toBeVisible();
  await expect(page.getByText(`(${dealer.code})`)).toBeVisible();
  const links = await request.get(`/api/admin/members/${partner.id}/hierarchy`, { headers: bearer(staff) });
  expect((await links.json()).history[0]).toMatchObject({ dealerCode: dealer.code, linkedVia: 'partner' });
});

test('staff build a segment of the dealer’s partners and send it a notification', async ({
  page,
  request,
}) => {
  const name = `Partners of ${dealer.code} ${unique()}`;
  const title = `Dealer meet ${unique()}`;
  await signIn(page, 'almond team');
  await page.goto('/dashboard/users/segments');
  await page.getByRole('button', { name: 'New segment' }).click();
  const builder = page.getByRole('dialog', { name: 'New segment' });
  await builder.getByLabel('Name').fill(name);
  await builder.getByLabel('Partners of dealers').fill(dealer.code);
  await expect(builder.getByTestId('segment-count')).toHaveText('1');
  await builder.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('1');

  await page.goto('/dashboard/notifications');
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose notification' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Meet us at your dealer on Saturday.');
  await dialog.getByRole('radio', { name: 'Segment' }).check();
  await dialog.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name }).click();
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`Segment: ${name} (1 members, 0 held out)`);
  await expect(row).toContainText('sent', { timeout: 30_000 });
  const inbox = await request.get('/api/app/inbox?limit=20', { headers: bearer(partner.token) });
  expect(((await inbox.json()).items as { title: string }[]).map((m) => m.title)).toContain(title);
});

test('the dealer sees his partner’s scan and his share of it', async ({ page, request }) => {
  const admin = await staffToken(request, demoEmail('admin'));
  const almond = await almondToken(request);
  const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
  const created = await request.post('/api/admin/schemes', {
    headers: bearer(admin),
    data: {
      name: `Dealer share ${unique()}`,
      startsOn: today,
      endsOn: today,
      rule: 'dealer_share',
      sharePercent: 50,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = await created.json();
  expect(
    (await request.post(`/api/admin/schemes/${id}/request-activation`, { headers: bearer(admin) })).status(),
  ).toBe(200);
  expect((await request.post(`/api/admin/schemes/${id}/approve`, { headers: bearer(almond) })).status()).toBe(
    200,
  );
  const [code] = await activeCodes(request, almond, 1);
  const scan = await request.post('/api/app/scan', { headers: bearer(partner.token), data: { code } });
  expect((await scan.json()).result).toBe('success');
  const ledger = await request.get('/api/app/ledger?perPage=5', { headers: bearer(dealer.token) });
  const share = ((await ledger.json()).rows as { kind: string; amount: number }[]).find(
    (r) => r.kind === 'dealer_share',
  );
  expect(share?.amount).toBeGreaterThan(0);

  await asMemberOn(page, dealer.token);
  await page.goto('/app/dealer');
  const card = page.locator('li').filter({ hasText: partner.name });
  await expect(card).toContainText('1 scans');
  await expect(card).toContainText(`Your share from his scans: ${share!.amount} point`);
});
