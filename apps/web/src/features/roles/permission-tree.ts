import { ALL_PERMISSIONS, MENU } from '@app/contract/permissions';

/** The role editor's tree: the menu's items and groups with their labels (contract MENU). */
export interface PermissionNode {
  id: string;
  label: string;
  /** A group's pages; empty for a top-level page. */
  children: { id: string; label: string }[];
}

export const PERMISSION_TREE: readonly PermissionNode[] = MENU.map((entry) =>
  entry.kind === 'item'
    ? { id: entry.item.path, label: entry.item.label, children: [] }
    : {
        id: entry.group.id,
        label: entry.group.label,
        children: entry.group.items.map((i) => ({ id: i.path, label: i.label })),
      },
);

const groupOf = new Map(PERMISSION_TREE.flatMap((n) => n.children.map((c) => [c.id, n] as const)));
const nodeOf = new Map(PERMISSION_TREE.map((n) => [n.id, n] as const));
const inMenuOrder = (set: Set<string>) => ALL_PERMISSIONS.filter((p) => set.has(p));

/**
 * Ticks or unticks one box. A group's box carries its pages with it; ticking a page also ticks its
 * group (a page whose group is not held is usable by link but missing from the sidebar). Ids that
 * `canChange` refuses (rights the editor lacks, what the super role must keep) stay as they are.
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
  const node = nodeOf.get(id);
  if (node) {
    set(node.id);
    for (const child of node.children) set(child.id);
  } else {
    set(id);
    const group = groupOf.get(id);
    if (on && group && canChange(group.id)) next.add(group.id);
  }
  return inMenuOrder(next);
}

/** Every permission the editor may grant, plus what must stay. */
export const selectAll = (held: readonly string[], canChange: (id: string) => boolean): string[] =>
  inMenuOrder(new Set([...held, ...ALL_PERMISSIONS.filter(canChange)]));

/** Nothing but what cannot be removed. */
export const clearAll = (held: readonly string[], canChange: (id: string) => boolean): string[] =>
  held.filter((p) => !canChange(p));
