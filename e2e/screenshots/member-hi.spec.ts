import path from 'node:path';
import { todayInIndia } from '@app/contract/format';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hi } from '../../apps/member/src/locales/hi';
import { acceptCurrentTerms, bearer, redeemingMember } from '../tests/member-app';
import { activeCodes, almondToken, MEMBER_TOKEN_KEY } from '../tests/member-web';

/** The member app in Hindi on a 390×844 phone: Home, a scan's result, cash confirmation, orders, messages. */
test.use({ viewport: { width: 390, height: 844 } });
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots/member-hi');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUT, `${name}.png`) });

async function tdsThreshold(request: APIRequestContext, thresholdPaise: number) {
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

test('member app in Hindi', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { member, cs, finance } = await redeemingMember(
    request,
    {
      cs: demoEmail('cs'),
      finance: demoEmail('finance'),
    },
    'hi',
  );
  await acceptCurrentTerms(request, member.token);
  const [code] = await activeCodes(request, await almondToken(request), 1);
  await page.addInitScript(
    ([key, token]) => {
      localStorage.setItem(key, token);
      localStorage.setItem('member-app.language', 'hi');
    },
    [MEMBER_TOKEN_KEY, member.token] as const,
  );

  await page.goto('/app/');
  await expect(page.getByTestId('balance')).toBeVisible();
  await shot(page, 'home');

  await page.getByLabel(hi.scan.code).fill(code ?? '');
  await page.getByRole('button', { name: hi.scan.submit }).click();
  await expect(page.getByTestId('scan-result')).toBeVisible();
  await shot(page, 'scan-result');

  // A threshold of 0 for the picture: the first ₹500 carries TDS, so all three amounts show.
  await tdsThreshold(request, 0);
  try {
    await page.goto('/app/rewards');
    await page.getByLabel(hi.rewards.points).fill('2000');
    await page.getByRole('button', { name: hi.rewards.next }).click();
    await expect(page.getByTestId('cash-quote')).toBeVisible();
    await page.getByTestId('cash-quote').scrollIntoViewIfNeeded();
    await shot(page, 'rewards-cash-confirmation');
    await page.getByRole('button', { name: hi.rewards.confirmCash }).click();
    await expect(page.getByTestId('cash-amounts')).toBeVisible();
    await shot(page, 'orders');

    const [order] = (await (
      await request.get('/api/app/redemptions', { headers: bearer(member.token) })
    ).json()) as { id: number }[];
    await request.post(`/api/admin/redemptions/${order?.id}/approve`, { headers: bearer(finance) });
    await request.post(`/api/admin/redemptions/${order?.id}/paid`, {
      headers: bearer(cs),
      data: { utr: `UTR${member.mobile}` },
    });
  } finally {
    await tdsThreshold(request, 2_000_000);
  }
  await page.goto('/app/inbox');
  await page.locator('main summary').first().click();
  await expect(page.locator('main details[open] p')).toBeVisible();
  await shot(page, 'messages');
});
