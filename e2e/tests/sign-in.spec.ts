import { createHmac } from 'node:crypto';
import { BUILT_IN_ROLES } from '@app/contract/permissions';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughForm } from './helpers';

for (const role of BUILT_IN_ROLES) {
  test(`${role} signs in and reaches /dashboard`, async ({ page }) => {
    await signInThroughForm(page, role);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Action Tesa Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe(role);
  });
}

/** RFC 6238 (SHA-1, 6 digits, 30 s) written out here, so the test checks the server against the RFC. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('two-step sign-in: a role that requires it enrols right after the password, then asks for a code', async ({
  page,
  request,
}) => {
  // A role requiring the second factor and an account in it (the demo roles sign in with the password alone).
  const admin = await request.post('/api/admin/login', {
    data: { email: 'almond-team@demo.local', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await admin.json()).token}` };
  const role = await request.post('/api/admin/roles', {
    headers,
    data: { name: 'two step', label: 'Two Step', permissions: ['/dashboard'], mfaRequired: true },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const email = 'two-step@demo.local';
  const staff = await request.post('/api/admin/staff', {
    headers,
    data: { name: 'Two Step', email, roleId: (await role.json()).id, password: 'Tr1cky-pass' },
  });
  expect(staff.ok(), await staff.text()).toBe(true);

  // The spec's sign-in form, unchanged: the password first.
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Tr1cky-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That code is not right/);
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.screenshot({ path: 'test-results/two-step-recovery-codes.png' });
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Next time: the password, then a code (of the next step: the enrolment's code is used up).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Tr1cky-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.screenshot({ path: 'test-results/two-step-code.png' });
  await page.getByLabel(/Code from your authenticator app/).fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('two step');
});
