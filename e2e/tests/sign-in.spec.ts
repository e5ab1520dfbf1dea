import { BUILT_IN_ROLES } from '@app/contract/permissions';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

for (const role of BUILT_IN_ROLES) {
  test(`${role} signs in and reaches /dashboard`, async ({ page }) => {
    await signIn(page, role);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Action Tesa Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe(role);
  });
}
