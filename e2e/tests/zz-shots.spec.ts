import { test } from '@playwright/test';
import { signIn } from './helpers';
for (const [w, h] of [[1366, 900], [390, 844]] as const)
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await signIn(page, 'almond team');
    for (const [name, path] of [['coupons', '/dashboard/managecoupon/Coupons'], ['used', '/dashboard/managecoupon/used_coupon'], ['bulk', '/dashboard/managecoupon/bulk_coupon']]) {
      await page.goto(path);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/vshot-${name}-${w}.png`, fullPage: true });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      console.log(name, w, 'sideways', scroll);
    }
  });
