import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { expandAllGroups, readSidebar, sidebar } from './sidebar-reader';
import { expectedSidebar, SPEC_ROLES } from './spec-sidebar';

for (const role of SPEC_ROLES) {
  test(`${role} sees the sidebar of the spec's role table`, async ({ page }) => {
    await signIn(page, role);
    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    await expandAllGroups(page);
    const expected = expectedSidebar(role);
    expect(await readSidebar(page)).toEqual(expected);

    // The same, as assistive technology sees it: groups are buttons, items are visible links.
    for (const entry of expected) {
      if (entry.kind === 'group')
        await expect(nav.getByRole('button', { name: entry.label, exact: true })).toBeVisible();
      const links = entry.kind === 'item' ? [entry] : entry.items;
      for (const { label, path } of links) {
        const candidates = nav.getByRole('link', { name: label, exact: true });
        await expect(candidates.and(page.locator(`[href="${path}"]`))).toBeVisible();
      }
    }
  });
}

test('the sidebar is about 251px wide and collapses', async ({ page }) => {
  await signIn(page, 'cs');
  const nav = sidebar(page);
  expect((await nav.boundingBox())?.width).toBe(251);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(nav).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(nav).toBeVisible();
});

test('the active item follows the path, nested paths included, and its group starts expanded', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goto('/dashboard/users/42');
  await expect(nav.getByRole('button', { name: 'User Management' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('button', { name: 'Manage Employees' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  const allUsers = nav.getByRole('link', { name: 'All Users', exact: true });
  await expect(allUsers).toBeVisible();
  await expect(allUsers).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

  await nav.getByRole('button', { name: 'Manage Employees' }).click();
  await nav.getByRole('link', { name: 'BDE Management', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/bdeEmployee$/);
  await expect(nav.getByRole('link', { name: 'BDE Management' })).toHaveAttribute('aria-current', 'page');
  await expect(allUsers).not.toHaveAttribute('aria-current', 'page');
});
