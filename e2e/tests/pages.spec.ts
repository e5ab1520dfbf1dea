import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';
import { LIST_PAGES } from './list-pages';
import { rolesCoveringEverySidebarPage, settled } from './sidebar-pages';

/**
 * One pass over every page of the sidebar (from the customer's role table, spec-sidebar.ts) and every
 * list page, one sign-in per role and one visit per page, checking on that visit:
 * - axe-core (WCAG 2.1 A and AA, best practices): no critical or serious violation, nor the two lesser
 *   ones once found on every page (an empty heading, a table header cell without a name);
 * - at 1280 px nothing scrolls sideways and a list's actions column is on screen; at 390 px nothing
 *   scrolls sideways;
 * - each list on it: Export gives the listed rows as xlsx, and a failing API shows the error state with
 *   Retry (never "No … found"), Retry loading the list.
 * Pages run in parallel: each test only reads, and a list's count is compared with the export by
 * bounds taken before and after it, as other workers' exports add audit entries meanwhile.
 */
const ALSO_FAIL = new Set(['empty-heading', 'empty-table-header']);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The shell (top bar, sidebar) is the same on every page: it is checked with a role's first page only. */
async function axeFindings(page: Page, withShell: boolean): Promise<Finding[]> {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (!withShell) axe = axe.exclude('header').exclude('nav[aria-label="Sidebar"]');
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || ALSO_FAIL.has(v.id))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

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

type List = (typeof LIST_PAGES)[number];

const listResponse = (page: Page, api: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${api}` && r.request().method() === 'GET');

async function listTotal(page: Page, api: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/${api}`, { headers: { authorization: token ?? '' } });
  expect(res.status(), `GET /api/${api}`).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

async function exportHoldsTheRows(page: Page, list: List, shownTotal: number): Promise<void> {
  expect(shownTotal, `${list.api}: the demo data has rows to export`).toBeGreaterThan(0);
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
  // One header row, then one row per record listed when the export ran.
  const exported = sheet.actualRowCount - 1;
  expect(exported, `${list.api}: the export has every listed row`).toBeGreaterThanOrEqual(shownTotal);
  expect(exported, `${list.api}: the export has only listed rows`).toBeLessThanOrEqual(
    await listTotal(page, list.api),
  );
}

async function errorStateWithRetry(page: Page, list: List): Promise<void> {
  const matcher = (url: URL) => url.pathname === `/api/${list.api}`;
  await page.route(matcher, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
  );
  await page.reload();
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
}

interface Visit {
  path: string;
  /** The sidebar's pages get every check; a list shown in a tab gets the list's and the phone's. */
  sidebarPage: boolean;
  withShell: boolean;
  lists: List[];
}

/** The roles covering the sidebar, then the list tabs that are no sidebar page, by their list's role. */
function visitsByRole(): Map<string, Visit[]> {
  const byRole = new Map<string, Visit[]>();
  const covered = new Set<string>();
  const listsAt = (path: string) => LIST_PAGES.filter((l) => l.path === path);
  for (const { role, paths } of rolesCoveringEverySidebarPage()) {
    byRole.set(
      role,
      paths.map((path, i) => ({ path, sidebarPage: true, withShell: i === 0, lists: listsAt(path) })),
    );
    for (const path of paths) covered.add(path);
  }
  for (const list of LIST_PAGES) {
    if (covered.has(list.path)) continue;
    covered.add(list.path);
    const visits = byRole.get(list.role) ?? [];
    visits.push({ path: list.path, sidebarPage: false, withShell: false, lists: listsAt(list.path) });
    byRole.set(list.role, visits);
  }
  return byRole;
}

test.describe.configure({ mode: 'parallel' });

for (const [role, visits] of visitsByRole()) {
  test.describe(role, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      // axe-core/playwright needs a page of a context made with newContext().
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await signIn(page, role);
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const visit of visits) {
      const { path, lists } = visit;
      const checks = [
        visit.sidebarPage && 'axe, fit at 1280 px',
        'fit at 390 px',
        lists.length && 'export, Retry',
      ]
        .filter(Boolean)
        .join('; ');
      test(`${path}: ${checks}`, async () => {
        await page.setViewportSize({ width: 1280, height: 800 });
        const loads = lists.map((list) => listResponse(page, list.api));
        await page.goto(path);
        const shownTotals = await Promise.all(
          loads.map(async (load) => ((await (await load).json()) as { total: number }).total),
        );
        await settled(page);
        if (visit.sidebarPage) {
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          expect(await scrollWidth(page), `${path} at 1280 px`).toBeLessThanOrEqual(1280);
          await actionsOnScreen(page, path, 1280);
          expect(await axeFindings(page, visit.withShell)).toEqual([]);
        }
        for (const [i, list] of lists.entries()) await exportHoldsTheRows(page, list, shownTotals[i]!);

        await page.setViewportSize({ width: 390, height: 844 });
        await settled(page);
        expect(await scrollWidth(page), `${path} at 390 px`).toBeLessThanOrEqual(390);

        await page.setViewportSize({ width: 1280, height: 800 });
        for (const list of lists) await errorStateWithRetry(page, list);
      });
    }
  });
}
