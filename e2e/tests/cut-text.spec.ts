import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { staffToken } from './member-api';
import { unique } from './staff-helpers';

/**
 * A list cell too long for its column is cut with an ellipsis (components/list/CutTextTips): its
 * full text shows in a tip on hover and on keyboard focus, and the tip is the cell's description.
 */
test('a cut list cell shows its full text on hover and on keyboard focus', async ({ page, request }) => {
  const tag = unique()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toUpperCase();
  const code = `CUT-${tag}`;
  const name = `Shree Ganesh Hardware, Paints, Sanitaryware and Electricals Wholesale Depot ${tag} (Main Road)`;
  const staff = await staffToken(request, 'admin');
  const created = await request.post('/api/admin/stores', {
    headers: { authorization: `Bearer ${staff}` },
    data: {
      code,
      name,
      kind: 'dealer',
      contactPerson: 'Asha Rao',
      phone: '98450 12345',
      email: '',
      address: '12 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      lat: 12.9716,
      lng: 77.5946,
      openingHours: '',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/locator');
  await page.getByPlaceholder('Name, code, city or PIN').fill(code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  const cell = row.getByRole('cell').filter({ hasText: tag }).filter({ hasNotText: code });
  // Cut: one line, narrower than its text, marked and focusable.
  await expect(cell).toHaveAttribute('data-cut', 'true');
  // The list's tip by its exact text: the Locator's map shows a tooltip of its own for the store's
  // marker (its text adds the code, kind and city), which a Tab can open on the way to the cell.
  const tip = page.getByRole('tooltip', { name, exact: true });
  await expect(tip).toHaveCount(0);

  await cell.hover();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(name);
  await expect(cell).toHaveAttribute('aria-describedby', (await tip.getAttribute('id')) ?? '');
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/list-cut-text-tooltip-1280.png` });
  await page.mouse.move(5, 5);
  await expect(tip).toHaveCount(0);

  // Keyboard: Tab from the row's code cell (not cut, not focusable) reaches the cut name cell.
  await page.getByPlaceholder('Name, code, city or PIN').focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await cell.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(cell).toBeFocused();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(name);
  await page.keyboard.press('Shift+Tab');
  await expect(tip).toHaveCount(0);
});
