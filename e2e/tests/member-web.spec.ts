import os from 'node:os';
import path from 'node:path';
import { demoEmail } from '@app/contract/permissions';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { hi } from '../../apps/member/src/locales/hi';
import config from '../playwright.config';
import { loggedCode, loggedTexts } from '../server-log';
import { approvedAppMember, bearer, PHOTO_PNG, staffToken } from './member-app';
import {
  activeCodes,
  activeCoupons,
  almondToken,
  expectNoStaffPieces,
  labelVideoFromPdf,
  MEMBER_TOKEN_KEY,
  memberScans,
  newMobile,
  printedLabelPdf,
} from './member-web';

// The member web app as a phone opens it from a printed label.
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
  if (lang === 'hi') await page.getByRole('combobox', { name: en.language }).selectOption('hi');
  await expect(page.getByRole('heading', { name: L.signIn.title })).toBeVisible();
  await expectAccessible(page);
  const mobile = newMobile();
  await page.getByLabel(L.signIn.mobile).fill(mobile);
  await page.getByRole('button', { name: L.signIn.sendCode }).click();
  // Six digits are checked as soon as they are typed: no button to press.
  await page.getByLabel(L.signIn.code).fill(await loggedCode(mobile));
  // The code request carried the language chosen on the phone: a new member's first SMS is in it.
  if (lang === 'hi') expect(loggedTexts(mobile).at(-1)).toMatch(/^आपका Action Tesa कोड \d{6} है।/);
  await page.getByRole('button', { name: L.privacy.agree }).click();

  await expect(page.getByRole('heading', { name: L.register.title })).toBeVisible();
  await page.getByLabel(L.register.name).fill(lang === 'en' ? 'Asha Verma' : 'आशा वर्मा');
  await page.getByLabel(L.register.types.carpenter).check();
  await page.getByLabel(L.register.dateOfBirth).fill('1988-06-15');
  // The pincode fills the city and state from the stores the programme holds, the district from the
  // pincode directory bundled on the server.
  await page.getByLabel(L.register.pincode).fill('302001');
  await expect(page.getByText(L.register.place.found)).toBeVisible();
  await expect(page.getByLabel(L.register.city)).toHaveValue('Jaipur');
  await expect(page.getByLabel(L.register.district)).toHaveValue('Jaipur');
  await expect(page.getByLabel(L.register.state)).toHaveValue('Rajasthan');
  await page.getByLabel(L.register.line).fill('12 Johari Bazaar');
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
  // Every member screen is checked with axe: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await labelJourney(page, request, hi, 'hi');
  for (const path of [
    '/app/ledger',
    '/app/rewards',
    '/app/redemptions',
    '/app/inbox',
    '/app/kyc',
    '/app/more',
    '/app/events',
    '/app/documents',
    '/app/stores',
    '/app/projects',
    '/app/feedback',
    '/app/games',
  ]) {
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
    [en.kyc.accountNumberAgain, '123456789021'],
    [kyc.ifsc, 'SBIN0001234'],
    [kyc.bankName, 'State Bank of India'],
  ];
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(value);
  for (const label of [kyc.aadhaarFrontFileId, kyc.aadhaarBackFileId, kyc.panFileId, kyc.chequeFileId])
    await page
      .getByLabel(label)
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expectAccessible(page);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/app/uploads') uploads.push(r.url());
  });
  // Checked on the phone first: a mistyped second account number uploads nothing.
  await page.getByRole('button', { name: en.kyc.submit }).click();
  await expect(page.getByText(en.kyc.check.accountNumberAgain)).toBeVisible();
  expect(uploads).toHaveLength(0);
  await page.getByLabel(en.kyc.accountNumberAgain, { exact: true }).fill('123456789012');
  // A refusal by the server (here one made up on the way) is corrected and sent again: the photos are not.
  await page.route('**/api/app/kyc', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'invalid',
            message: 'Bank name',
            fields: { bankName: 'Check the bank name' },
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: en.kyc.submit }).click();
  await expect(page.getByText('Check the bank name')).toBeVisible();
  await page.unroute('**/api/app/kyc');
  await page.getByRole('button', { name: en.kyc.submit }).click();
  await expect(page.getByText(en.kyc.status.submitted)).toBeVisible();
  expect(uploads).toHaveLength(4);
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

/** An approved member signed in on this page (the token the app keeps), with a fresh member's terms. */
async function signedInMember(page: Page, request: Parameters<typeof activeCodes>[0]) {
  const staff = await almondToken(request);
  const member = await approvedAppMember(request, staff);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  return { staff, member };
}

/** Chromium's fake camera plays this file: the product's printed label, written before the camera opens. */
const LABEL_VIDEO = path.join(os.tmpdir(), `member-label-${process.pid}.y4m`);

test('the camera reads a printed label and the scan is credited once, the reader served by us', async ({
  playwright,
  request,
  baseURL,
}) => {
  // A browser of its own whose fake camera plays a label's QR: Chromium opens the file at launch,
  // so the label (a live code's link) is written first.
  const staff = await almondToken(request);
  const member = await approvedAppMember(request, staff);
  const coupon = (await activeCoupons(request, staff, 6))[5];
  if (!coupon) throw new Error('no sixth active code');
  labelVideoFromPdf(LABEL_VIDEO, await printedLabelPdf(request, staff, coupon.serial));
  const base = config.use?.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${LABEL_VIDEO}`,
    ],
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } });
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
      MEMBER_TOKEN_KEY,
      member.token,
    ] as const);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));

    await page.goto('/app/');
    await expect(page.getByText(en.home.status.approved)).toBeVisible();
    // The scanner (and its wasm) is not part of the first load.
    expect(urls.some((u) => u.endsWith('.wasm') || /\/detector-[^/]+\.js$/.test(u))).toBe(false);
    await page.getByRole('button', { name: en.camera.open }).click();
    await expect(page.getByText(/points? added to your balance/)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/member-web-camera-credited.png' });
    await expect.poll(async () => (await memberScans(page, request)).scans).toBe(1);
    // The reader's wasm came from /app/assets (no CDN), and nothing left this server.
    for (const u of urls.filter((u) => u.endsWith('.wasm')))
      expect(new URL(u).pathname).toMatch(/^\/app\/assets\//);
    for (const u of urls) expect(new URL(u).origin).toBe(new URL(baseURL ?? '').origin);
    await page.getByRole('button', { name: en.camera.open }).click();
    await expect(page.getByText(en.scan.results.already_scanned)).toBeVisible({ timeout: 30_000 });
    expect((await memberScans(page, request)).scans).toBe(1);
  } finally {
    await browser.close();
  }
});

test('a blocked camera is said plainly, and the typed code still works', async ({ page, request }) => {
  await signedInMember(page, request);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/app/');
  await page.getByRole('button', { name: en.camera.open }).click();
  await expect(page.getByRole('alert')).toHaveText(en.camera.denied);
  await expect(page.getByLabel(en.scan.code)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/member-web-camera-denied.png' });
  await page.getByRole('button', { name: en.camera.close }).click();
  await expect(page.getByRole('button', { name: en.camera.open })).toBeVisible();
});

test('banners, events, documents, stores, projects, feedback and games, as a member sees them', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signedInMember(page, request);
  const shot = (name: string) =>
    page.screenshot({ path: `test-results/member-web-${name}.png`, fullPage: true });

  await page.goto('/app/');
  await expect(page.getByRole('img', { name: 'Scan and win: double points week' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Maharashtra dealer meet' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Carpenters: training camp' })).toHaveCount(0);
  await shot('home-banners');

  await page.getByRole('link', { name: en.nav.more }).click();
  await expectAccessible(page);
  await shot('more');

  // Events: a failed load says so with Retry; then register and cancel.
  await page.route('**/api/app/content/events', (route) => route.abort());
  await page.getByRole('link', { name: en.more.events }).click();
  await expect(page.getByText(en.loadFailed)).toBeVisible();
  await shot('events-error');
  await page.unroute('**/api/app/content/events');
  await page.getByRole('button', { name: en.retry }).click();
  const meet = 'Carpenter meet, Pune';
  await page.getByRole('button', { name: `${en.events.register}: ${meet}` }).click();
  await expect(page.getByRole('button', { name: `${en.events.cancel}: ${meet}` })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `${en.events.register}: Laminate training (full)` }),
  ).toBeDisabled();
  await expectAccessible(page);
  await shot('events');
  await page.getByRole('button', { name: `${en.events.cancel}: ${meet}` }).click();
  await expect(page.getByRole('button', { name: `${en.events.register}: ${meet}` })).toBeVisible();

  // Documents: the terms in force accepted here.
  await page.goto('/app/documents');
  await page.getByRole('button', { name: en.terms.accept }).click();
  await expect(page.getByText(en.documents.accepted)).toBeVisible();
  await expectAccessible(page);
  await shot('documents');

  // Nearest stores from the phone's location (Jaipur).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 26.9124, longitude: 75.7873 });
  await page.goto('/app/stores');
  await page.getByRole('button', { name: en.stores.locate }).click();
  await expect(page.locator('main li').first()).toContainText('Jaipur');
  await expectAccessible(page);
  await shot('stores');

  await page.goto('/app/projects');
  await expect(page.getByText(en.projects.empty)).toBeVisible();
  await page.getByLabel(en.projects.fields.name).fill('Sharma residence');
  await page.getByLabel(en.projects.fields.siteAddress).fill('Plot 9, Baner Road, Pune');
  await page.getByLabel(en.projects.fields.pincode).fill('411045');
  await page.getByLabel(en.projects.fields.stage).selectOption('structure');
  await page.getByLabel(en.projects.fields.expectedQuantity).fill('40');
  await page
    .getByLabel(en.projects.fields.photos)
    .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await page.getByRole('button', { name: en.projects.submit }).click();
  await expect(page.getByText(en.projects.sent)).toBeVisible();
  await expect(page.getByText(en.projects.states.submitted)).toBeVisible();
  await expectAccessible(page);
  await shot('projects');

  await page.goto('/app/feedback');
  await expect(page.getByText(en.feedback.empty)).toBeVisible();
  await page.getByLabel(en.feedback.category).selectOption('points');
  await page.getByText('★★★★', { exact: true }).click();
  await page.getByLabel(en.feedback.message).fill('My points for last week are not showing.');
  await page.getByRole('button', { name: en.feedback.submit }).click();
  await expect(page.getByText(en.feedback.sent)).toBeVisible();
  await expect(page.getByText('My points for last week are not showing.')).toBeVisible();
  await expectAccessible(page);
  await shot('feedback');

  await page.goto('/app/games');
  await page.getByRole('button', { name: `${en.games.play}: Daily spin wheel` }).click();
  await expect(page.getByRole('status')).toContainText(/You won|No points this time/);
  await expectAccessible(page);
  await shot('games');
});

test('with "credited at once" in force, a label opened by a new pending member is credited at once', async ({
  page,
  request,
}) => {
  const admin = await staffToken(request, demoEmail('admin'));
  const staff = await almondToken(request);
  const codes = await activeCodes(request, staff, 8);
  const code = codes[7] ?? '';
  const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
  const set = async (mode: 'hold' | 'credit') => {
    const res = await request.post('/api/admin/pending-scans/settings', {
      headers: bearer(admin),
      data: { mode, effectiveFrom: today },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await set('credit');
  try {
    await page.goto(`/q/${code}`);
    const mobile = newMobile();
    await page.getByLabel(en.signIn.mobile).fill(mobile);
    await page.getByRole('button', { name: en.signIn.sendCode }).click();
    await page.getByLabel(en.signIn.code).fill(await loggedCode(mobile));
    await page.getByRole('button', { name: en.privacy.agree }).click();
    await page.getByLabel(en.register.name).fill('Ravi Kumar');
    await page.getByLabel(en.register.dateOfBirth).fill('1990-01-20');
    await page.getByLabel(en.register.pincode).fill('302001');
    await expect(page.getByLabel(en.register.state)).toHaveValue('Rajasthan');
    await page.getByLabel(en.register.line).fill('4 MI Road');
    await page.getByLabel(en.register.district).fill('Jaipur');
    await page.getByRole('button', { name: en.register.submit }).click();
    // Not approved yet, and credited at once: the points show, nothing is kept for later.
    await expect(page.getByText(/points? added to your balance/)).toBeVisible();
    await expect(page.getByText(en.scan.kept)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/member-web-pending-credited.png' });
    expect((await memberScans(page, request)).scans).toBe(1);
    await page.goto('/app/');
    await expect(page.getByText(en.home.status.pending)).toBeVisible();
    await expect(page.getByTestId('balance')).not.toHaveText(/^0 /);
  } finally {
    // Back to the default for the other tests: hold until approval.
    await set('hold');
  }
});
