import { actionById, actionsOfPage } from '@app/contract/actions';
import { ALL_PERMISSIONS, MENU } from '@app/contract/permissions';

/** One box of the role editor: a page with the actions (work beyond reading) it offers. */
export interface PageNode {
  id: string;
  label: string;
  /** Empty for a page that is only read. */
  actions: { id: string; label: string }[];
}

/** The role editor's tree: the menu's items and groups with their labels (contract MENU). */
export interface PermissionNode extends PageNode {
  /** A group's pages; empty for a top-level page. */
  children: PageNode[];
}

const pageNode = (path: string, label: string): PageNode => ({
  id: path,
  label,
  actions: actionsOfPage(path).map((a) => ({ id: a.id, label: a.label })),
});

export const PERMISSION_TREE: readonly PermissionNode[] = MENU.map((entry) =>
  entry.kind === 'item'
    ? { ...pageNode(entry.item.path, entry.item.label), children: [] }
    : {
        id: entry.group.id,
        label: entry.group.label,
        actions: [],
        children: entry.group.items.map((i) => pageNode(i.path, i.label)),
      },
);

const groupOf = new Map(PERMISSION_TREE.flatMap((n) => n.children.map((c) => [c.id, n] as const)));
const nodeOf = new Map(PERMISSION_TREE.map((n) => [n.id, n] as const));
const pageOf = new Map(PERMISSION_TREE.flatMap((n) => [n, ...n.children]).map((p) => [p.id, p] as const));
const inMenuOrder = (set: Set<string>) => ALL_PERMISSIONS.filter((p) => set.has(p));

/**
 * Ticks or unticks one box. A group's box carries its pages with it, and a page's box its actions
 * (a ticked page can act until an action is unticked: "view only" is a choice, not a default).
 * Ticking a page also ticks its group (a page whose group is not held is usable by link but missing
 * from the sidebar); ticking an action ticks its page, as a role cannot act where it cannot look.
 * Ids that `canChange` refuses (rights the editor lacks, what the super role must keep) stay as they are.
 */
export function togglePermission(
  held: readonly string[],
  id: string,
  on: boolean,
  canChange: (id: string) => boolean = () => true,
): string[] {
  const next = new Set(held);
  const set = (p: string) => {
    if (!canChange(p)) return;
    if (on) next.add(p);
    else next.delete(p);
  };
  const setPage = (page: PageNode) => {
    set(page.id);
    for (const a of page.actions) set(a.id);
  };
  const tickGroupOf = (pagePath: string) => {
    const group = groupOf.get(pagePath);
    if (group && canChange(group.id)) next.add(group.id);
  };
  const node = nodeOf.get(id);
  const action = actionById(id);
  if (node) {
    setPage(node);
    for (const child of node.children) setPage(child);
  } else if (action) {
    set(id);
    if (on && canChange(action.page)) {
      next.add(action.page);
      tickGroupOf(action.page);
    }
  } else {
    const page = pageOf.get(id);
    if (page) setPage(page);
    else set(id);
    if (on) tickGroupOf(id);
  }
  return inMenuOrder(next);
}

/** Every permission the editor may grant, plus what must stay. */
export const selectAll = (held: readonly string[], canChange: (id: string) => boolean): string[] =>
  inMenuOrder(new Set([...held, ...ALL_PERMISSIONS.filter(canChange)]));

/** Nothing but what cannot be removed. */
export const clearAll = (held: readonly string[], canChange: (id: string) => boolean): string[] =>
  held.filter((p) => !canChange(p));

/** How a held page may be used: read only, or with some or all of its actions. */
export function accessOfPage(held: ReadonlySet<string>, page: PageNode): 'none' | 'view only' | 'can act' {
  if (!held.has(page.id)) return 'none';
  if (page.actions.length > 0 && !page.actions.some((a) => held.has(a.id))) return 'view only';
  return 'can act';
}
