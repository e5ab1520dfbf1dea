import { expect, test } from '@playwright/test';
import { en } from '../../apps/member/src/locales/en';
import { loggedCode } from '../server-log';
import { bearer } from './member-app';
import { MEMBER_TOKEN_KEY, newMobile } from './member-web';

// The member app on a phone: the privacy notice before registration, consent per purpose, withdrawal.
test.use({ viewport: { width: 390, height: 844 } });

test('the notice comes before registration, consent is given per purpose and withdrawn in one screen', async ({
  page,
  request,
}) => {
  await page.goto('/app/');
  const mobile = newMobile();
  await page.getByLabel(en.signIn.mobile).fill(mobile);
  await page.getByRole('button', { name: en.signIn.sendCode }).click();
  // The six digits are checked as they are typed.
  await page.getByLabel(en.signIn.code).fill(await loggedCode(mobile));

  // The notice, standalone: the data, each purpose, the rights and the Board, then the choices.
  await expect(page.getByRole('heading', { name: en.privacy.noticeTitle })).toBeVisible();
  await expect(page.getByText(en.privacy.purposes.fraud_location)).toBeVisible();
  await expect(page.getByText(en.privacy.rights)).toBeVisible();
  await expect(page.getByText(en.privacy.necessary)).toBeVisible();
  await page.getByLabel(en.privacy.marketing).check();
  await page.getByRole('button', { name: en.privacy.agree }).click();

  await expect(page.getByRole('heading', { name: en.register.title })).toBeVisible();
  await page.getByLabel(en.register.name).fill('Meera Joshi');
  await page.getByLabel(en.register.dateOfBirth).fill('1990-03-02');
  await page.getByLabel(en.register.pincode).fill('411001');
  await page.getByLabel(en.register.line).fill('9 FC Road');
  await page.getByLabel(en.register.city).fill('Pune');
  await page.getByLabel(en.register.district).fill('Pune');
  await page.getByLabel(en.register.state).selectOption('Maharashtra');
  await page.getByRole('button', { name: en.register.submit }).click();
  await expect(page.getByText(en.home.status.pending)).toBeVisible();

  const token = (await page.evaluate((key) => localStorage.getItem(key), MEMBER_TOKEN_KEY)) ?? '';
  const consent = async () =>
    (await request.get('/api/app/privacy/consent', { headers: bearer(token) })).json() as Promise<{
      purposes: { purpose: string; granted: boolean | null }[];
      records: { noticeVersion: string; channel: string; language: string }[];
    }>;
  const marketing = async () => (await consent()).purposes.find((p) => p.purpose === 'marketing')?.granted;
  expect(await marketing()).toBe(true);
  expect((await consent()).records[0]).toMatchObject({ channel: 'app', language: 'en' });

  await page.goto('/app/privacy');
  const row = page.getByTestId('consent-marketing');
  await expect(row).toContainText(en.privacy.granted);
  await row.getByRole('button', { name: en.privacy.withdraw }).click();
  await page.getByRole('button', { name: en.privacy.yes }).click();
  await expect(page.getByText(en.privacy.withdrawn)).toBeVisible();
  await expect(row).toContainText(en.privacy.notGiven);
  await page.screenshot({ path: 'test-results/privacy-withdrawn.png' });
  expect(await marketing()).toBe(false);
  // Nothing scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
