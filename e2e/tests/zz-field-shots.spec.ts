import { test } from '@playwright/test';
import { signIn } from './helpers';

test('shots', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  for (const [w, h] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const path of ['/dashboard/employee', '/dashboard/bdeEmployee', '/dashboard/bda_activity', '/dashboard']) {
      await page.goto(path);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/field-shot-${path.split('/').pop()}-${w}.png`, fullPage: true });
    }
    await page.goto('/dashboard/bdeEmployee');
    await page.waitForTimeout(1500);
    await page.getByText('Rohit Pawar').first().click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/field-shot-bde-show-${w}.png`, fullPage: true });
  }
  const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log('scrollWidth at 390', scrollW);
});
