import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { rolesCoveringEverySidebarPage, settled } from './sidebar-pages';

/**
 * Issue 28, every page of the sidebar (lists, dashboards, forms, reports; the list pages' own checks
 * are in list-pages.spec.ts): at 1280 px the page does not scroll sideways and a list's actions column
 * (its header and its first row) is within the viewport; at 390 px nothing scrolls sideways.
 */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function actionsOnScreen(page: Page, path: string, width: number): Promise<void> {
  for (const cell of [
    page.locator('th.list-row-actions').first(),
    page.locator('td.list-row-actions').first(),
  ]) {
    if ((await cell.count()) === 0) continue;
    const box = await cell.boundingBox();
    expect(box, `${path}: the actions column is drawn`).not.toBeNull();
    expect(box!.x, `${path}: actions start on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${path}: actions end on screen`).toBeLessThanOrEqual(width);
  }
}

for (const { role, paths } of rolesCoveringEverySidebarPage()) {
  test.describe(`${role}`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await signIn(page, role);
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const path of paths) {
      test(`${path} fits 1280 px with its actions on screen, and 390 px without a sideways scroll`, async () => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(path);
        await settled(page);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(await scrollWidth(page), `${path} at 1280 px`).toBeLessThanOrEqual(1280);
        await actionsOnScreen(page, path, 1280);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(path);
        await settled(page);
        expect(await scrollWidth(page), `${path} at 390 px`).toBeLessThanOrEqual(390);
      });
    }
  });
}
