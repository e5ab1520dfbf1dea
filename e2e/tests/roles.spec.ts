import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { expandAllGroups, readSidebar } from './sidebar-reader';
import { apiAs, logOut, roleIdOf, signInWith, unique } from './staff-helpers';

test('a custom role with a few pages, assigned to an account, gives exactly those pages in the sidebar', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  await page.goto('/dashboard/roles');
  await expect(page.getByRole('heading', { name: 'User Roles' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();

  const name = `field auditor ${unique()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Label' }).fill('Field Auditor');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('checkbox', { name: 'Dashboard', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Feedbacks Data', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Locator', exact: true }).check();
  // Ticking a page ticks its group, so the page shows in the sidebar.
  await expect(page.getByRole('checkbox', { name: 'Group: Feedback' })).toBeChecked();
  await expect(page.getByText('3 pages selected')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/roles\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Role: Field Auditor' })).toBeVisible();
  const pages = page.getByRole('list', { name: 'Pages' });
  await expect(pages).toContainText('Feedbacks Data');

  const email = `auditor.${unique()}@example.com`;
  await apiAs(page, 'POST', '/admin/staff', {
    name: 'Field Auditor One',
    email,
    roleId: await roleIdOf(page, name),
    password: 'Sturdy-Pass-42',
  });
  await logOut(page);

  await signInWith(page, email, 'Sturdy-Pass-42');
  await expandAllGroups(page);
  expect(await readSidebar(page)).toEqual([
    { kind: 'item', label: 'Dashboard', path: '/dashboard' },
    { kind: 'group', label: 'Feedback', items: [{ label: 'Feedbacks Data', path: '/dashboard/feedback' }] },
    { kind: 'group', label: 'Locator', items: [{ label: 'Locator', path: '/dashboard/locator' }] },
  ]);
  await page.goto('/dashboard/roles');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

test('almond team cannot untick User Roles on its own role; history shows role changes', async ({ page }) => {
  await signIn(page, 'almond team');
  const id = await roleIdOf(page, 'almond team');
  await page.goto(`/dashboard/roles/${id}/edit`);
  await expect(page.getByRole('checkbox', { name: 'User Roles', exact: true })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Group: User Management' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Update Version', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/roles/${id}$`));
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('cell', { name: 'role.updated' })).toBeVisible();

  await page.goto(`/dashboard/roles/${id}/edit`);
  await page.getByRole('checkbox', { name: 'Update Version', exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/roles/${id}$`));
});

test('a custom role nobody holds is deleted after confirmation; a built-in one cannot be', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  const role = await apiAs(page, 'POST', '/admin/roles', {
    name: `short lived ${unique()}`,
    label: 'Short Lived',
    permissions: ['/dashboard'],
  });
  await page.goto(`/dashboard/roles/${role.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('cannot be undone');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/roles$/);
  await expect(page.getByRole('row').filter({ hasText: 'Short Lived' })).toHaveCount(0);

  await page.goto(`/dashboard/roles/${await roleIdOf(page, 'printing')}`);
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('a custom role can hold a page view only: its actions unticked, marked on the role', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  await page.goto('/dashboard/roles/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(`staff looker ${unique()}`);
  await page.getByRole('textbox', { name: 'Label' }).fill('Staff Looker');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('checkbox', { name: 'Manage Admin', exact: true }).check();
  const act = page.getByRole('checkbox', {
    name: 'Manage Admin: Add, edit, deactivate staff and reset passwords',
  });
  await expect(act).toBeChecked();
  await expect(page.getByLabel('Manage Admin access')).toHaveText('Can act');
  await act.uncheck();
  await expect(page.getByLabel('Manage Admin access')).toHaveText('View only');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/roles\/\d+$/);
  await expect(page.getByRole('list', { name: 'Pages' })).toContainText('Manage Adminview only');
});
