import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { rolesCoveringEverySidebarPage, settled } from './sidebar-pages';

/**
 * axe-core on every page of the sidebar (WCAG 2.1 A and AA, and axe's best practices). A page fails on
 * any critical or serious violation, and on the two lesser ones that were found on every page of the
 * console before: an empty heading and a table header cell without a name.
 *
 * The pages come from the customer's role table (spec-sidebar.ts), not from the app's menu, and are
 * visited by the fewest roles that together see all of them: one sign-in per role, one load per page.
 */
const ALSO_FAIL = new Set(['empty-heading', 'empty-table-header']);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The shell (top bar, sidebar) is the same on every page: it is checked with the first page only. */
async function audit(page: Page, withShell: boolean): Promise<Finding[]> {
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

for (const { role, paths } of rolesCoveringEverySidebarPage()) {
  // One sign-in per role (again only after a failure, which restarts the worker); each page is its
  // own test, so one page's findings do not hide another's.
  test.describe(`${role}`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      // axe-core/playwright needs a page of a context made with newContext().
      context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      page = await context.newPage();
      await signIn(page, role);
    });
    test.afterAll(async () => {
      await context.close();
    });

    paths.forEach((path, i) => {
      test(`${path} has no critical or serious axe violation`, async () => {
        await page.goto(path);
        await settled(page);
        expect(await audit(page, i === 0)).toEqual([]);
      });
    });
  });
}
