import { demoEmail } from '@app/contract/permissions';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { hi } from '../../apps/member/src/locales/hi';
import { loggedCode } from '../server-log';
import { approvedAppMember, bearer, PHOTO_PNG, staffToken } from './member-app';
import {
  activeCodes,
  almondToken,
  expectNoStaffPieces,
  MEMBER_TOKEN_KEY,
  memberScans,
  newMobile,
} from './member-web';

// The member web app as a phone opens it from a printed label (issue 25).
test.use({ viewport: { width: 390, height: 844 } });

/** No critical or serious accessibility violation on the screen shown now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The label link → sign-in by one-time code → registration → approval → the scan credited once. */
async function labelJourney(
  page: Page,
  request: Parameters<typeof activeCodes>[0],
  L: typeof en,
  lang: 'en' | 'hi',
) {
  const staff = await almondToken(request);
  const codes = await activeCodes(request, staff, 2);
  const code = codes[lang === 'en' ? 0 : 1] ?? '';
  const scripts: string[] = [];
  const authorizations = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    const authorization = r.headers().authorization;
    if (authorization) authorizations.add(authorization);
  });

  await page.goto(`/q/${code}`);
  if (lang === 'hi') await page.getByRole('button', { name: en.language }).click();
  await expect(page.getByRole('heading', { name: L.signIn.title })).toBeVisible();
  await expectAccessible(page);
  const mobile = newMobile();
  await page.getByLabel(L.signIn.mobile).fill(mobile);
  await page.getByRole('button', { name: L.signIn.sendCode }).click();
  await page.getByLabel(L.signIn.code).fill(await loggedCode(mobile));
  await page.getByRole('button', { name: L.signIn.verify }).click();

  await expect(page.getByRole('heading', { name: L.register.title })).toBeVisible();
  await page.getByLabel(L.register.name).fill(lang === 'en' ? 'Asha Verma' : 'आशा वर्मा');
  await page.getByLabel(L.register.type).selectOption('carpenter');
  await page.getByLabel(L.register.dateOfBirth).fill('1988-06-15');
  await page.getByLabel(L.register.pincode).fill('302001');
  await page.getByLabel(L.register.line).fill('12 Johari Bazaar');
  await page.getByLabel(L.register.city).fill('Jaipur');
  await page.getByLabel(L.register.district).fill('Jaipur');
  await page.getByLabel(L.register.state).fill('Rajasthan');
  await expectAccessible(page);
  await page.getByRole('button', { name: L.register.submit }).click();
  // Pending: the scan is kept on the phone until the registration is approved.
  await expect(page.getByText(L.scan.kept)).toBeVisible();
  await page.screenshot({ path: `test-results/member-web-${lang}-kept.png` });

  const { token } = await memberScans(page, request);
  const profile = async () => (await request.get('/api/app/profile', { headers: bearer(token) })).json();
  await expect.poll(async () => (await profile()).language).toBe(lang);
  const me = await profile();
  const approved = await request.post('/api/admin/pending-users/approve', {
    headers: bearer(staff),
    data: { ids: [me.id] },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // Opening the app again sends the kept scan: credited once, and never again on later loads.
  await page.goto('/app/');
  await expect(page.getByText(L.home.status.approved)).toBeVisible();
  await expect.poll(async () => (await memberScans(page, request)).scans).toBe(1);
  await page.reload();
  await expect(page.getByText(L.home.status.approved)).toBeVisible();
  await page.goto(`/q/${code}`);
  await expect(page.getByText(L.scan.results.already_scanned)).toBeVisible();
  expect((await memberScans(page, request)).scans).toBe(1);
  await page.goto('/app/');
  await expect(page.getByTestId('balance')).not.toHaveText(/^0 /);
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/member-web-${lang}-home.png` });
  await expectNoStaffPieces(page, scripts);
  // The only credential the app ever sent is the member's own token.
  expect([...authorizations]).toEqual([`Bearer ${token}`]);
}

test('a printed label signs a new member in, registers them, and the scan is credited once', async ({
  page,
  request,
}) => {
  await labelJourney(page, request, en, 'en');
});

test('the whole journey in Hindi, the language remembered and sent to the server', async ({
  page,
  request,
}) => {
  await labelJourney(page, request, hi, 'hi');
  for (const path of ['/app/ledger', '/app/rewards', '/app/redemptions', '/app/inbox', '/app/kyc']) {
    await page.goto(path);
    await expect(page.locator('main h2').first()).toBeVisible();
    await expectAccessible(page);
  }
});

test('a scan made offline is kept on the phone and credited once when the network returns', async ({
  page,
  context,
  request,
}) => {
  const staff = await almondToken(request);
  const [, , code] = await activeCodes(request, staff, 3);
  const member = await approvedAppMember(request, staff);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  await page.goto('/app/');
  await expect(page.getByText(en.home.status.approved)).toBeVisible();

  await context.setOffline(true);
  await page.getByLabel(en.scan.code).fill(code ?? '');
  await page.getByRole('button', { name: en.scan.submit }).click();
  await expect(page.getByText(en.scan.queued)).toBeVisible();
  await context.setOffline(false);
  await expect.poll(async () => (await memberScans(page, request)).scans).toBe(1);
  await page.reload();
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
  expect((await memberScans(page, request)).scans).toBe(1);
});

test('an e-voucher redeemed in the app: terms first, then its code shown once approved', async ({
  page,
  request,
}) => {
  const cs = await staffToken(request, demoEmail('cs'));
  const finance = await staffToken(request, demoEmail('finance'));
  const member = await approvedAppMember(request, cs);
  const grant = await request.post(`/api/admin/users/${member.id}/adjustments`, {
    headers: bearer(cs),
    data: { amount: 5000, reason: 'Welcome bonus' },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const granted = await request.post(`/api/admin/adjustments/${(await grant.json()).id}/approve`, {
    headers: bearer(finance),
    data: {},
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const rewards = (await (
    await request.get('/api/app/rewards', { headers: bearer(member.token) })
  ).json()) as {
    id: number;
    name: string;
    type: string;
    inStock: boolean;
    pointsCost: number;
  }[];
  const voucher = rewards.find((r) => r.type === 'e_voucher' && r.inStock && r.pointsCost <= 5000);
  expect(voucher).toBeTruthy();

  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  // KYC in the app: numbers and four photos (the camera's file picker), then approved by staff.
  await page.goto('/app/kyc');
  const kyc = en.kyc.fields;
  const typed: [string, string][] = [
    [kyc.aadhaarLast4, '4321'],
    [kyc.pan, 'ABCDE1234F'],
    [kyc.accountHolder, 'App Member'],
    [kyc.accountNumber, '123456789012'],
    [kyc.ifsc, 'SBIN0001234'],
    [kyc.bankName, 'State Bank of India'],
  ];
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(value);
  for (const label of [kyc.aadhaarFrontFileId, kyc.aadhaarBackFileId, kyc.panFileId, kyc.chequeFileId])
    await page
      .getByLabel(label)
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expectAccessible(page);
  await page.getByRole('button', { name: en.kyc.submit }).click();
  await expect(page.getByText(en.kyc.status.submitted)).toBeVisible();
  const [submitted] = (await (
    await request.get('/api/app/kyc', { headers: bearer(member.token) })
  ).json()) as {
    id: number;
  }[];
  for (const step of ['claim', 'approve'])
    expect(
      (
        await request.post(`/api/admin/kyc/${submitted?.id}/${step}`, { headers: bearer(cs), data: {} })
      ).status(),
    ).toBe(200);

  await page.goto('/app/rewards');
  await page.getByRole('button', { name: en.terms.accept }).click();
  await page.getByRole('button', { name: `${en.rewards.redeem}: ${voucher?.name}` }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: en.rewards.redeem, exact: true }).click();
  await expect(page.getByText(en.redemptions.status.requested)).toBeVisible();

  const mine = (await (
    await request.get('/api/app/redemptions', { headers: bearer(member.token) })
  ).json()) as {
    id: number;
  }[];
  const approved = await request.post(`/api/admin/redemptions/${mine[0]?.id}/approve`, {
    headers: bearer(finance),
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.reload();
  await expect(page.getByText(en.redemptions.status.fulfilled)).toBeVisible();
  await page.getByRole('button', { name: en.redemptions.reveal }).click();
  await expect(page.getByTestId('voucher')).toContainText('Code:');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/member-web-voucher.png' });
});
