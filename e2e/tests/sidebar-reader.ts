import { expect, type Page } from '@playwright/test';
import type { SidebarEntry } from './spec-sidebar';

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** Opens every collapsed group of the sidebar, by clicking it as a user would. */
export async function expandAllGroups(page: Page): Promise<void> {
  const buttons = sidebar(page).getByRole('button');
  const count = await buttons.count();
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    if ((await button.getAttribute('aria-expanded')) !== 'false') continue;
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
}

/** The sidebar as shown: top-level links and group buttons in order, each group with its links. */
export async function readSidebar(page: Page): Promise<SidebarEntry[]> {
  return sidebar(page).evaluate((nav) => {
    const list = nav.querySelector('ul');
    if (!list) return [];
    const text = (el: Element) => (el.textContent ?? '').trim();
    return Array.from(list.children).map((li): SidebarEntry => {
      const button = li.querySelector(':scope > button');
      if (button) {
        const items = Array.from(li.querySelectorAll('ul a')).map((a) => ({
          label: text(a),
          path: a.getAttribute('href') ?? '',
        }));
        return { kind: 'group', label: text(button), items };
      }
      const a = li.querySelector(':scope > a');
      return { kind: 'item', label: a ? text(a) : '', path: a?.getAttribute('href') ?? '' };
    });
  });
}
