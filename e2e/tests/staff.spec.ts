import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { apiAs, roleIdOf, unique } from './staff-helpers';

test('almond team creates a staff account with a generated password and finds it in the list', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  await page.goto('/dashboard/manageadmin');
  await expect(page.getByRole('tab', { name: 'Staff accounts' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageadmin\/create$/);

  const name = `Asha Verma ${unique()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page
    .getByRole('textbox', { name: 'Email' })
    .fill(`${name.replace(/\s/g, '.').toLowerCase()}@example.com`);
  await page.getByRole('textbox', { name: 'Mobile' }).fill('98765 43210');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Marketing' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/manageadmin\/\d+$/);
  await expect(page.getByTestId('generated-password')).toHaveText(/^[A-Za-z0-9]{12}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('link', { name: 'All accounts' }).click();
  await page.getByPlaceholder('Name, email or mobile').fill(name);
  await expect(page).toHaveURL(/filter=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Marketing');
  await expect(row).toContainText('9876543210');
  await expect(row).toContainText('Active');

  // Export takes exactly the filtered list, as xlsx from the server.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('staff.xlsx');
});

test('a server field error shows under its input', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/manageadmin/create');
  await page.getByRole('textbox', { name: 'Name' }).fill('Duplicate');
  await page.getByRole('textbox', { name: 'Email' }).fill('CS@demo.local');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'Almond Team' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'Marketing' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
});

test('deactivation asks first, then signs the account out at once; the audit log shows it', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  const email = `leaver.${unique()}@example.com`;
  const created = await apiAs(page, 'POST', '/admin/staff', {
    name: 'Leaving Soon',
    email,
    roleId: await roleIdOf(page, 'marketing'),
    password: 'Sturdy-Pass-42',
  });
  const login = await page.request.post('/api/admin/login', { data: { email, password: 'Sturdy-Pass-42' } });
  const theirToken = (await login.json()).token as string;
  const me = () => page.request.get('/api/admin/me', { headers: { authorization: theirToken } });
  expect((await me()).status()).toBe(200);

  await page.goto(`/dashboard/manageadmin/${created.id}`);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('signed out everywhere at once');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // While a dialog fades out the page behind it stays hidden from the accessibility tree.
  await expect(dialog).toBeHidden();
  expect((await me()).status()).toBe(200);

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  expect((await me()).status()).toBe(401);

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('cell', { name: 'staff.deactivated' })).toBeVisible();

  // Filters live in the URL: a link to the filtered audit log opens with the filter shown.
  const filter = encodeURIComponent(JSON.stringify({ entity: 'staff', entityId: String(created.id) }));
  await page.goto(`/dashboard/manageadmin/audit?filter=${filter}`);
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Entity ID' })).toHaveValue(String(created.id));
  await expect(page.getByRole('cell', { name: 'staff.deactivated' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'staff.created' })).toBeVisible();
});

test('reset password generates one, shown once, that signs in', async ({ page }) => {
  await signIn(page, 'admin');
  const email = `forgetful.${unique()}@example.com`;
  const created = await apiAs(page, 'POST', '/admin/staff', {
    name: 'Forgetful',
    email,
    roleId: await roleIdOf(page, 'marketing'),
    password: 'Sturdy-Pass-42',
  });
  await page.goto(`/dashboard/manageadmin/${created.id}`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
  const password = await page.getByTestId('generated-password').textContent();
  const login = await page.request.post('/api/admin/login', { data: { email, password } });
  expect(login.status()).toBe(200);
});

test('the dashboard shows the staff cards and the sign-ins chart to Manage Admin holders only', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByTestId('kpi-staff.active')).toContainText(/\d+/);
  const chart = page.getByRole('figure', { name: /Sign-ins per day/ });
  await expect(chart).toBeVisible();
  // A chart with axes (MUI X Charts), not a bare drawing.
  await expect(chart.locator('.MuiChartsAxis-root').first()).toBeVisible();
  await page.getByTestId('kpi-staff.active').click();
  await expect(page).toHaveURL(/\/dashboard\/manageadmin\?filter=/);
  // The unfiltered rows may show first; on a loaded machine the filtered answer can take a while.
  await expect(page.getByRole('row').filter({ hasText: 'Inactive' })).toHaveCount(0, { timeout: 30_000 });

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'finance');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByTestId('kpi-staff.active')).toHaveCount(0);
});

test('a role without Manage Admin gets "not allowed" inside the layout', async ({ page }) => {
  await signIn(page, 'cs');
  await page.goto('/dashboard/manageadmin');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});
