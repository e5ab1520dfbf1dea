import { PASSWORD_RULE_MESSAGES } from '@app/contract/auth';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { apiAs, roleIdOf, signInWith, unique } from './staff-helpers';

const NEW_PASSWORD = 'Monsoon-Ledger-7';

const MESSAGES = [
  'New password is required',
  'Password must be at least 6 characters',
  'Confirm password is required',
  'Passwords must match',
];

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Update Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectShown(page: Page, shown: string[]) {
  for (const text of MESSAGES) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(shown.includes(text) ? 1 : 0);
  }
}

test('each validation message appears only once its field has been touched', async ({ page }) => {
  await signIn(page, 'marketing');
  const dialog = await openDialog(page);
  const paperWidth = await dialog.evaluate((el) => getComputedStyle(el).maxWidth);
  expect(paperWidth).toBe('400px');
  const newPassword = dialog.getByLabel('New Password');
  const confirm = dialog.getByLabel('Confirm Password');
  await expect(newPassword).toHaveAttribute('name', 'newPassword');
  await expect(confirm).toHaveAttribute('name', 'confirmPassword');
  await expectShown(page, []);

  await newPassword.fill('abc'); // typing alone does not touch
  await expectShown(page, []);
  await newPassword.fill('');
  await newPassword.blur();
  await expectShown(page, ['New password is required']);
  await newPassword.fill('abc');
  await expectShown(page, ['Password must be at least 6 characters']);

  await confirm.fill('abcdefg');
  await expectShown(page, ['Password must be at least 6 characters']);
  await confirm.fill('');
  await confirm.blur();
  await expectShown(page, ['Password must be at least 6 characters', 'Confirm password is required']);
  await newPassword.fill('abcdef');
  await confirm.fill('abcdeg');
  await expectShown(page, ['Passwords must match']);
  await confirm.fill('abcdef');
  await expectShown(page, []);
});

test('a common password is refused in the field, after touch, and never sent', async ({ page }) => {
  await signIn(page, 'marketing');
  const dialog = await openDialog(page);
  const newPassword = dialog.getByLabel('New Password');
  const refusal = dialog.getByText(PASSWORD_RULE_MESSAGES.common, { exact: true });
  let sent = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/admin/updatePassword') sent++;
  });
  await newPassword.fill('123456');
  await expect(refusal).toHaveCount(0); // typing alone does not touch
  await newPassword.blur();
  await expect(refusal).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill('123456');
  await expectShown(page, []);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeVisible();
  await expect(refusal).toBeVisible();
  await newPassword.fill('Monsoon-Ledger-7');
  await expect(refusal).toHaveCount(0);
  expect(sent).toBe(0);
});

test('after a successful call the dialog closes and the form is reset', async ({ page }) => {
  // An account of its own: a real change, leaving the demo accounts as they are.
  await signIn(page, 'almond team');
  const email = `changes-password-${unique()}@demo.local`;
  await apiAs(page, 'POST', '/admin/staff', {
    name: 'Changes Password',
    email,
    roleId: await roleIdOf(page, 'marketing'),
    password: 'Sturdy-Pass-42',
  });
  await page.evaluate(() => localStorage.clear());
  await signInWith(page, email, 'Sturdy-Pass-42');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  let dialog = await openDialog(page);
  await dialog.getByLabel('New Password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/updatePassword');
  await dialog.getByRole('button', { name: 'Update' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.request().method()).toBe('PUT');
  expect(response.request().postDataJSON()).toEqual({
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  expect(await response.request().headerValue('authorization')).toBe(token);
  await expect(dialog).toHaveCount(0);

  dialog = await openDialog(page);
  await expect(dialog.getByLabel('New Password')).toHaveValue('');
  await expect(dialog.getByLabel('Confirm Password')).toHaveValue('');
  await expectShown(page, []);
});

test('after a failed call the dialog closes and the form is reset; the failure is only logged', async ({
  page,
}) => {
  await signIn(page, 'marketing');
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.route('**/api/admin/updatePassword', (route) =>
    route.fulfill({ status: 500, json: { error: 'internal', message: 'Something broke' } }),
  );
  let dialog = await openDialog(page);
  await dialog.getByLabel('New Password').fill('another-password');
  await dialog.getByLabel('Confirm Password').fill('another-password');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => errors.some((e) => e.includes('Password update failed'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);

  dialog = await openDialog(page);
  await expect(dialog.getByLabel('New Password')).toHaveValue('');
  await expect(dialog.getByLabel('Confirm Password')).toHaveValue('');
  await expectShown(page, []);
});
