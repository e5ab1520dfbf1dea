import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

/**
 * Every list page, through the shared ListPage: Export gives the listed rows as xlsx, a failing
 * API shows the error state with Retry (never "No … found"), and at 390 px nothing scrolls sideways.
 * `api` is the list's resource under /api; `role` a built-in role that sees the page.
 */
/** `exportIndex`: which Export button, where a page shows two lists. */
const LIST_PAGES: { path: string; api: string; role: string; exportIndex?: number }[] = [
  { path: '/dashboard/manageadmin', api: 'admin/staff', role: 'almond team' },
  { path: '/dashboard/manageadmin/audit', api: 'admin/audit', role: 'almond team' },
  { path: '/dashboard/roles', api: 'admin/roles', role: 'almond team' },
  { path: '/dashboard/products/catalogue', api: 'admin/products', role: 'almond team' },
  { path: '/dashboard/generatecoupon', api: 'admin/coupon-batches', role: 'almond team' },
  { path: '/dashboard/printCoupon', api: 'admin/coupon-prints', role: 'almond team' },
  { path: '/dashboard/invoice', api: 'admin/invoices', role: 'almond team' },
  { path: '/dashboard/invoice/distributors', api: 'admin/distributors', role: 'almond team' },
  { path: '/dashboard/upload-invoice-history', api: 'admin/invoice-uploads', role: 'almond team' },
  { path: '/dashboard/coupon-allocation', api: 'admin/coupon-allocations/lines', role: 'almond team' },
  { path: '/dashboard/allocation-history', api: 'admin/coupon-allocations', role: 'almond team' },
  { path: '/dashboard/damaged-coupon', api: 'admin/damaged-coupons', role: 'almond team' },
  { path: '/dashboard/approvals/pending_user', api: 'admin/pending-users', role: 'almond team' },
  { path: '/dashboard/approvals/rejected_user', api: 'admin/rejected-users', role: 'almond team' },
  { path: '/dashboard/users', api: 'admin/users', role: 'almond team' },
  { path: '/dashboard/users/adjustments', api: 'admin/adjustments', role: 'almond team' },
  { path: '/dashboard/approvals/kyc_verification', api: 'admin/kyc', role: 'almond team' },
  { path: '/dashboard/approvals/kyc_history', api: 'admin/kyc-history', role: 'almond team' },
  { path: '/dashboard/referral', api: 'admin/referral/credits', role: 'almond team' },
  { path: '/dashboard/joiningpoints', api: 'admin/joining-points/credits', role: 'almond team' },
  { path: '/dashboard/QrPointHistories', api: 'admin/ledger', role: 'almond team' },
  { path: '/dashboard/coupon-stock-report', api: 'admin/coupon-stock', role: 'almond team' },
  { path: '/dashboard/invoice-wise-coupon', api: 'admin/invoice-wise-coupons', role: 'almond team' },
  { path: '/dashboard/scheme', api: 'admin/schemes', role: 'almond team' },
  { path: '/dashboard/updateSchemePoints', api: 'admin/scheme-points', role: 'almond team' },
  {
    path: '/dashboard/updateSchemePoints',
    api: 'admin/scheme-points/history',
    role: 'almond team',
    exportIndex: 1,
  },
  { path: '/dashboard/QrScanHistories', api: 'admin/coupon-scans', role: 'almond team' },
  { path: '/dashboard/gamespoints', api: 'admin/games', role: 'almond team' },
  { path: '/dashboard/gamespoints/plays', api: 'admin/game-plays', role: 'almond team' },
  { path: '/dashboard/locator', api: 'admin/stores', role: 'admin' },
  { path: '/dashboard/approvals/redemption', api: 'admin/redemptions', role: 'almond team' },
  { path: '/dashboard/approvals/courier_redemption', api: 'admin/courier-redemptions', role: 'almond team' },
  { path: '/dashboard/managecoupon/Coupons', api: 'admin/gift-vouchers', role: 'almond team' },
  { path: '/dashboard/managecoupon/used_coupon', api: 'admin/used-vouchers', role: 'almond team' },
  { path: '/dashboard/employee', api: 'admin/employees', role: 'almond team' },
  { path: '/dashboard/bdeEmployee', api: 'admin/bdes', role: 'almond team' },
  { path: '/dashboard/bda_activity', api: 'admin/field-visits', role: 'almond team' },
  { path: '/dashboard/project_registration', api: 'admin/projects', role: 'almond team' },
  { path: '/dashboard/feedback', api: 'admin/feedback', role: 'almond team' },
  { path: '/dashboard/mainsettings/socialconnect', api: 'admin/content/social-links', role: 'almond team' },
  { path: '/dashboard/mainsettings/terms', api: 'admin/content/documents', role: 'almond team' },
  { path: '/dashboard/mainsettings/virtualroom', api: 'admin/content/virtual-room', role: 'almond team' },
  { path: '/dashboard/media/gallery', api: 'admin/content/gallery', role: 'almond team' },
  { path: '/dashboard/media/banner', api: 'admin/content/banners', role: 'almond team' },
  { path: '/dashboard/media/event', api: 'admin/content/events', role: 'almond team' },
  { path: '/dashboard/notifications', api: 'admin/notifications', role: 'almond team' },
  { path: '/dashboard/update_version', api: 'admin/app-versions/history', role: 'almond team' },
];

const listResponse = (page: Page, api: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${api}` && r.request().method() === 'GET');

for (const list of LIST_PAGES) {
  test.describe(`${list.path} (${list.api})`, () => {
    test.beforeEach(async ({ page }) => {
      await signIn(page, list.role);
    });

    test('Export downloads an xlsx with the rows of the list', async ({ page }) => {
      const loaded = listResponse(page, list.api);
      await page.goto(list.path);
      const { total } = (await (await loaded).json()) as { total: number };
      test.skip(total === 0, 'the demo data has no rows here');
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 10_000 }),
        page
          .getByRole('button', { name: 'Export' })
          .nth(list.exportIndex ?? 0)
          .click(),
      ]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      const sheet = workbook.worksheets[0]!;
      // One header row, then one row per listed record.
      expect(sheet.actualRowCount - 1).toBe(total);
    });

    test('a failing API shows the error state, and Retry loads the list', async ({ page }) => {
      const matcher = (url: URL) => url.pathname === `/api/${list.api}`;
      await page.route(matcher, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
      );
      await page.goto(list.path);
      const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
      await expect(alert).toBeVisible();
      await expect(page.getByText(/^No .* found/)).toHaveCount(0);
      // No pager over a list that did not load ("1–25 of -1").
      await expect(page.getByText(/ of -1$/)).toHaveCount(0);
      await page.unroute(matcher);
      const reloaded = listResponse(page, list.api);
      await alert.getByRole('button', { name: 'Retry' }).click();
      expect((await reloaded).status()).toBe(200);
      await expect(alert).toHaveCount(0);
    });

    test('at 390 px wide the page does not scroll sideways', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const loaded = listResponse(page, list.api);
      await page.goto(list.path);
      await loaded;
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  });
}
