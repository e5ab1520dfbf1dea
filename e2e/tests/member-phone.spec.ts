import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { hi } from '../../apps/member/src/locales/hi';
import config from '../playwright.config';
import { requestCode, testServerLog } from '../server-log';
import { setFraudRules } from './member-api';
import { APP_CONSENT, acceptCurrentTerms, approvedAppMember, bearer, redeemingMember } from './member-app';
import {
  activeCodes,
  activeCoupons,
  almondToken,
  labelVideoFromPdf,
  MEMBER_TOKEN_KEY,
  memberScans,
  printedLabelPdf,
} from './member-web';

// The member app on a phone: offline, reconnecting, scanning, redeeming.
test.use({ viewport: { width: 390, height: 844 } });

/** An approved member signed in on this page (the token the app keeps). */
async function signedIn(page: Page, request: Parameters<typeof almondToken>[0]) {
  const staff = await almondToken(request);
  const member = await approvedAppMember(request, staff);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  return { staff, member };
}

/** Home loaded once online, with the service worker controlling the page (it serves the shell offline). */
async function homeOnline(page: Page) {
  await page.goto('/app/');
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
}

test('opened offline, Home shows the kept balance marked with its time, and loads again online', async ({
  page,
  context,
  request,
}) => {
  await signedIn(page, request);
  await homeOnline(page);
  const balance = await page.getByTestId('balance').textContent();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline')).toHaveText(en.offline);
  await expect(page.getByTestId('balance')).toHaveText(balance ?? '');
  await expect(page.getByTestId('as-of')).toContainText('As of ');
  await expect(page.getByText(en.home.status.approved)).toBeVisible();
  await page.screenshot({ path: 'test-results/member-phone-offline-home.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('offline')).toHaveCount(0);
  await expect(page.getByTestId('as-of')).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText(balance ?? '');
});

test('codes scanned offline are counted while waiting, then announced as credited with their points', async ({
  page,
  context,
  request,
}) => {
  const { staff } = await signedIn(page, request);
  const codes = (await activeCodes(request, staff, 3)).slice(0, 3);
  await homeOnline(page);

  await context.setOffline(true);
  for (const code of codes) {
    await page.getByLabel(en.scan.code).fill(code);
    await page.getByRole('button', { name: en.scan.submit }).click();
    await expect(page.getByText(en.scan.queued)).toBeVisible();
  }
  await expect(page.getByTestId('waiting')).toHaveText('3 codes waiting to be sent');
  await page.screenshot({ path: 'test-results/member-phone-waiting.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('credited-on-return')).toHaveText(
    /^3 saved codes credited: \+[\d,]+ points$/,
  );
  await expect(page.getByText(en.scan.queued)).toHaveCount(0);
  await expect(page.getByTestId('waiting')).toHaveCount(0);
  expect((await memberScans(page, request)).scans).toBe(3);
});

test('a label opened while signed in sends its scan once', async ({ page, request }) => {
  const { staff } = await signedIn(page, request);
  const [code] = await activeCodes(request, staff, 1);
  const scans: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/app/scan') scans.push(r.url());
  });
  // A slow network: the scan is still on its way when the profile arrives and the kept scans go out.
  await page.route('**/api/app/scan', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`/q/${code}`);
  await expect(page.getByText(/points? added to your balance/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scans).toHaveLength(1);
});

/** Chromium's fake camera plays this file: the product's printed label, written before the camera opens. */
const LABEL_VIDEO = path.join(os.tmpdir(), `member-phone-label-${process.pid}.y4m`);

test('a camera scan held for review is said to be held, in view above the bottom bar', async ({
  playwright,
  request,
  baseURL,
}) => {
  const staff = await almondToken(request);
  const member = await approvedAppMember(request, staff);
  const [first, labelled] = await activeCoupons(request, staff, 2);
  if (!first || !labelled) throw new Error('two active codes needed');
  labelVideoFromPdf(LABEL_VIDEO, await printedLabelPdf(request, staff, labelled.serial));
  // More than one scan an hour is held: the member's first scan passes, the camera's is held.
  await setFraudRules(request, { scansPerHour: 1, scansPerHourAction: 'hold' });
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
    const scanned = await request.post('/api/app/scan', {
      headers: bearer(member.token),
      data: { code: first.code },
    });
    expect((await scanned.json()).heldPoints ?? 0).toBe(0);
    const page = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } });
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
      MEMBER_TOKEN_KEY,
      member.token,
    ] as const);
    await page.goto('/app/');
    await expect(page.getByText(en.home.status.approved)).toBeVisible();
    await page.getByRole('button', { name: en.camera.open }).click();
    const result = page.getByTestId('scan-result');
    await expect(result).toContainText('held for review', { timeout: 30_000 });
    await expect(result).not.toContainText('added to your balance');
    await page.screenshot({ path: 'test-results/member-phone-camera-held.png' });
    // Whole on the screen, and not under the bottom bar.
    await expect(result).toBeInViewport({ ratio: 1 });
    const box = await result.boundingBox();
    const bar = await page.locator('nav.bottom').boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  } finally {
    await browser.close();
    await setFraudRules(request, {});
  }
});

/**
 * A member with KYC approved (bank account and UPI ID), 5,000 points and the terms accepted, whose cash
 * redemption of 2,000 points to UPI staff approve (finance) and pay (cs, a second person).
 */
async function paidUpiRedemption(request: APIRequestContext) {
  const { member, cs, finance } = await redeemingMember(request, {
    cs: demoEmail('cs'),
    finance: demoEmail('finance'),
  });
  await acceptCurrentTerms(request, member.token);
  const made = await request.post('/api/app/redemptions', {
    headers: { ...bearer(member.token), 'idempotency-key': `upi-${member.mobile}` },
    data: { kind: 'cash', points: 2000, payout: 'upi' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id } = (await made.json()) as { id: number };
  const approved = await request.post(`/api/admin/redemptions/${id}/approve`, { headers: bearer(finance) });
  expect(approved.status(), await approved.text()).toBe(200);
  const paid = await request.post(`/api/admin/redemptions/${id}/paid`, {
    headers: bearer(cs),
    data: { utr: `UPI${member.mobile}` },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { member, id };
}

/** The texts the demo SMS sender logged for `mobile` (the server's stdout). */
const smsTo = (mobile: string) => {
  const log = readFileSync(testServerLog(), 'utf8');
  return [...log.matchAll(new RegExp(`SMS to ${mobile}: (.*)`, 'g'))].map((m) => m[1] ?? '');
};

test('a cash redemption paid to UPI is announced as paid to the UPI ID, and shown paid in My orders', async ({
  page,
  request,
}) => {
  const { member, id } = await paidUpiRedemption(request);
  await expect
    .poll(
      () =>
        smsTo(member.mobile)
          .filter((text) => text.includes(`redemption #${id}`))
          .join('\n'),
      { timeout: 60_000 },
    )
    .toMatch(/is paid to your UPI ID \(Rs [\d,.]+ less TDS Rs [\d,.]+\)\. UTR UPI\d+\./);
  expect(smsTo(member.mobile).join('\n')).not.toContain('bank account');

  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  await page.goto('/app/redemptions');
  await expect(page.getByText(en.redemptions.status.paid)).toBeVisible();
});

test('the terms can be read on Rewards, where they are accepted', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/app/rewards');
  await expect(page.getByRole('heading', { name: en.terms.title })).toBeVisible();
  await page.getByText(en.terms.read).click();
  await expect(page.getByTestId('terms-text').getByRole('heading')).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/member-phone-terms.png' });
  await page.getByRole('button', { name: en.terms.accept }).click();
  // The top bar names the app ("Rewards") too: the screen's own heading is in the main part.
  await expect(page.getByRole('main').getByRole('heading', { name: en.rewards.title })).toBeVisible();
});

test("a pending member's Home says a scanned code waits for approval", async ({ page, request }) => {
  const staff = await almondToken(request);
  const [code] = await activeCodes(request, staff, 1);
  const mobile = `6${String(Date.now()).slice(-9)}`;
  const registered = await request.post('/api/app/register', {
    data: {
      mobile,
      code: await requestCode(request, mobile),
      name: 'Pending Member',
      type: 'carpenter',
      dateOfBirth: '1991-02-11',
      address: {
        line: '3 Mall Road',
        city: 'Pune',
        district: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      consent: APP_CONSENT,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    MEMBER_TOKEN_KEY,
    token,
  ] as const);

  await page.goto(`/q/${code}`);
  await expect(page.getByText(en.scan.kept)).toBeVisible();
  await page.goto('/app/');
  await expect(page.getByText(en.home.status.pending)).toBeVisible();
  await expect(page.getByTestId('waiting-approval')).toHaveText(
    '1 scanned code is saved and will be credited once your registration is approved.',
  );
  await page.screenshot({ path: 'test-results/member-phone-pending-waiting.png' });
});

test('in Hindi, My orders names a cash order in Hindi with its ₹ value, TDS and net, and the ledger notes are Hindi', async ({
  page,
  request,
}) => {
  const { member, id } = await paidUpiRedemption(request);
  const [order] = (await (
    await request.get('/api/app/redemptions', { headers: bearer(member.token) })
  ).json()) as {
    valuePaise: number;
    tdsPaise: number;
    netPaise: number;
  }[];
  await page.addInitScript(
    ([key, token]) => {
      localStorage.setItem(key, token);
      localStorage.setItem('member-app.language', 'hi');
    },
    [MEMBER_TOKEN_KEY, member.token] as const,
  );
  const rupees = (paise: number) =>
    new Intl.NumberFormat('hi-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: paise % 100 ? 2 : 0,
    }).format(paise / 100);

  await page.goto('/app/redemptions');
  await expect(page.getByText(hi.redemptions.status.paid)).toBeVisible();
  await expect(page.locator('main strong').first()).toHaveText(
    `${hi.redemptions.kinds.cash} · ${hi.rewards.payouts.upi}`,
  );
  await expect(page.getByText('cash', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('cash-amounts')).toHaveText(
    `मूल्य ${rupees(order?.valuePaise ?? 0)} · TDS ${rupees(order?.tdsPaise ?? 0)} · आपको मिलेंगे ${rupees(order?.netPaise ?? 0)}`,
  );
  await page.screenshot({ path: 'test-results/member-phone-orders-hi.png' });

  await page.goto('/app/ledger');
  await expect(page.getByText(`रिडेम्प्शन #${id}`, { exact: true })).toBeVisible();
  await expect(page.locator('main small').filter({ hasText: hi.ledger.notes.joining })).toBeVisible();
  await expect(page.getByText('Joining points')).toHaveCount(0);
  await expect(page.getByText(/^Redemption \d+/)).toHaveCount(0);
});
