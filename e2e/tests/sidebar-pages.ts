import { expect, type Page } from '@playwright/test';
import { expectedSidebar, SPEC_ROLES, type SpecRole } from './spec-sidebar';

const sidebarPaths = (role: SpecRole) =>
  expectedSidebar(role).flatMap((entry) =>
    entry.kind === 'item' ? [entry.path] : entry.items.map((i) => i.path),
  );

/**
 * Roles, each with the sidebar pages no role before it has covered, until every page of the customer's
 * role table is covered: one sign-in per role, one visit per page.
 */
export function rolesCoveringEverySidebarPage(): { role: SpecRole; paths: string[] }[] {
  const left = new Set(SPEC_ROLES.flatMap(sidebarPaths));
  const plan: { role: SpecRole; paths: string[] }[] = [];
  while (left.size > 0) {
    const best = [...SPEC_ROLES]
      .map((role) => ({ role, paths: sidebarPaths(role).filter((p) => left.has(p)) }))
      .sort((a, b) => b.paths.length - a.paths.length)[0]!;
    plan.push(best);
    for (const p of best.paths) left.delete(p);
  }
  return plan;
}

/** The page has drawn its data: no request in flight, no skeleton or busy region left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .MuiSkeleton-root, .full-screen-loader')).toHaveCount(0, {
    timeout: 20_000,
  });
}
