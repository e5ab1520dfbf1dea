import { todayInIndia } from '@app/contract/format';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { loggedCode } from '../server-log';
import { setFraudRules } from './member-api';
import { acceptCurrentTerms, approvedAppMember, bearer, redeemingMember } from './member-app';
import { activeCodes, almondToken, MEMBER_TOKEN_KEY, newMobile } from './member-web';

// The member app on a phone: money in rupees, a held scan told with its reason, one inbox, few taps.
test.use({ viewport: { width: 390, height: 844 } });

const signInAs = (page: Page, token: string) =>
  page.addInitScript(([key, value]) => localStorage.setItem(key, value), [MEMBER_TOKEN_KEY, token] as const);

/** The TDS settings with a threshold of `thresholdPaise` from today (the rest as the defaults). */
async function setTdsThreshold(request: APIRequestContext, thresholdPaise: number) {
  const res = await request.post('/api/admin/redemption/settings', {
    headers: bearer(await almondToken(request)),
    data: {
      tdsThresholdPaise: thresholdPaise,
      tdsRateBp: 1000,
      tdsNoPanRateBp: 2000,
      minCashPoints: 1000,
      voucherOutOfStock: 'wait',
      effectiveFrom: todayInIndia(),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('cash shows points, ₹ value, TDS and net before it is confirmed; every step is then in Messages', async ({
  page,
  request,
}) => {
  const { member, cs, finance } = await redeemingMember(request, {
    cs: demoEmail('cs'),
    finance: demoEmail('finance'),
  });
  await acceptCurrentTerms(request, member.token);
  // No threshold: this member's first ₹500 already carries 10% TDS, so the quote shows all three amounts.
  await setTdsThreshold(request, 0);
  try {
    await signInAs(page, member.token);
    await page.goto('/app/rewards');
    await page.getByLabel(en.rewards.points).fill('2000');
    await page.getByLabel(en.rewards.payouts.upi).check();
    await page.getByRole('button', { name: en.rewards.next }).click();
    const quote = page.getByTestId('cash-quote');
    await expect(quote).toContainText('2,000 points');
    await expect(quote).toContainText('TDS withheld (10%)');
    await expect(quote.locator('dd')).toHaveText([
      '2,000 points',
      '₹500',
      '− ₹50',
      '₹450',
      'UPI · member@upi',
    ]);
    await expect(quote).toBeInViewport();
    await page.getByRole('button', { name: en.rewards.confirmCash }).click();
    await expect(page.getByTestId('cash-amounts')).toHaveText('Value ₹500 · TDS ₹50 · You get ₹450');
    // Approved and paid while the same settings are in force: TDS is settled again at each step.
    const [order] = (await (
      await request.get('/api/app/redemptions', { headers: bearer(member.token) })
    ).json()) as {
      id: number;
    }[];
    const id = order?.id;
    expect(
      (await request.post(`/api/admin/redemptions/${id}/approve`, { headers: bearer(finance) })).status(),
    ).toBe(200);
    const utr = `UTR${member.mobile}`;
    expect(
      (
        await request.post(`/api/admin/redemptions/${id}/paid`, { headers: bearer(cs), data: { utr } })
      ).status(),
    ).toBe(200);

    await page.goto('/app/inbox');
    const titles = page.locator('main summary strong');
    await expect(titles).toHaveText([
      'Payment sent',
      'Cash redemption approved',
      'KYC verified',
      'Registration approved',
    ]);
    await page.getByText('Payment sent').click();
    await expect(page.locator('main details[open] p')).toHaveText(
      `Action Tesa: Rs 450 for your redemption #${id} is paid to your UPI ID (Rs 500 less TDS Rs 50). UTR ${utr}.`,
    );
  } finally {
    await setTdsThreshold(request, 2_000_000);
  }
});

test('a held scan is told as held with its reason, and the day’s count comes from the server', async ({
  page,
  request,
}) => {
  const staff = await almondToken(request);
  const member = await approvedAppMember(request, staff);
  const [first, second] = await activeCodes(request, staff, 2);
  await setFraudRules(request, { scansPerHour: 1, scansPerHourAction: 'hold' });
  try {
    const scanned = await request.post('/api/app/scan', {
      headers: bearer(member.token),
      data: { code: first },
    });
    expect((await scanned.json()).heldPoints ?? 0).toBe(0);
    await signInAs(page, member.token);
    await page.goto('/app/');
    await page.getByLabel(en.scan.code).fill(second ?? '');
    await page.getByRole('button', { name: en.scan.submit }).click();
    const held = page.getByTestId('scan-held');
    await expect(held).toContainText('held for review');
    await expect(held).toContainText(`Reason: ${en.scan.reasons.too_many_per_hour}.`);
    await expect(held.getByTestId('today-codes')).toHaveText('Today: 2 codes');
    await expect(page.getByText(/added to your balance/)).toHaveCount(0);
  } finally {
    await setFraudRules(request, {});
  }
});

test('from the label to "code saved", a new member taps at most 8 times', async ({ page, request }) => {
  const [code] = await activeCodes(request, await almondToken(request), 1);
  let taps = 0;
  /** One tap on the screen (a field to type in, a choice, a button); typing on the keyboard is not one. */
  const tap = async (target: Locator) => {
    taps++;
    await target.click();
  };
  const typeInto = async (field: Locator, text: string) => {
    // A field the screen already focused needs no tap.
    if (!(await field.evaluate((el) => el === document.activeElement))) await tap(field);
    await page.keyboard.type(text);
  };

  await page.goto(`/q/${code}`);
  const mobile = newMobile();
  await typeInto(page.getByLabel(en.signIn.mobile), mobile);
  await tap(page.getByRole('button', { name: en.signIn.sendCode }));
  // The six digits are checked as they are typed.
  await typeInto(page.getByLabel(en.signIn.code), await loggedCode(mobile));
  // The privacy notice (DPDP Act): one tap agrees to the necessary purposes; marketing stays unticked.
  await tap(page.getByRole('button', { name: en.privacy.agree }));
  await expect(page.getByRole('heading', { name: en.register.title })).toBeVisible();
  await typeInto(page.getByLabel(en.register.name), 'Suresh Patil');
  await tap(page.getByLabel(en.register.types.carpenter));
  // A date field opens the phone's picker: a tap to open it and one to set the day.
  taps += 2;
  await page.getByLabel(en.register.dateOfBirth).fill('1987-09-12');
  await typeInto(page.getByLabel(en.register.pincode), '302001');
  await expect(page.getByLabel(en.register.state)).toHaveValue('Rajasthan');
  await expect(page.getByLabel(en.register.district)).not.toHaveValue('');
  await typeInto(page.getByLabel(en.register.line), '9 Station Road');
  await tap(page.getByRole('button', { name: en.register.submit }));
  await expect(page.getByText(en.scan.kept)).toBeVisible();
  console.log(`label to "code saved": ${taps} taps`);
  expect(taps).toBeLessThanOrEqual(8);
});
