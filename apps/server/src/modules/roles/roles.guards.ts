import { ACTIONS } from '@app/contract/actions';
import { ALL_PERMISSIONS, MENU, PAGES, SUPER_ROLE } from '@app/contract/permissions';
import { missingFrom } from '@app/contract/roles';
import type { Executor } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { countActiveRoleManagers } from './roles.repository';

/** Labels of permission ids, for messages: pages by menu label, actions by what they allow, groups as "<label> (group)". */
const PAGE_LABELS = new Map(PAGES.map((p) => [p.path, p.label] as const));
const LABELS = new Map<string, string>([
  ...PAGE_LABELS,
  ...ACTIONS.map((a) => [a.id, `${a.label} on ${PAGE_LABELS.get(a.page)}`] as const),
  ...MENU.flatMap((e) => (e.kind === 'group' ? [[e.group.id, `${e.group.label} (group)`] as const] : [])),
]);
export const describePermissions = (ids: readonly string[]) =>
  ids.map((id) => LABELS.get(id) ?? id).join(', ');

const EVERYTHING: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

/**
 * The rights an actor may grant or act upon: their role's permissions. The super role is the root
 * of all rights: were it bound by its current list, a page once removed from it could never be
 * given back to anyone.
 */
export const rightsOf = (me: { role: string; permissions: ReadonlySet<string> }): ReadonlySet<string> =>
  me.role === SUPER_ROLE ? EVERYTHING : me.permissions;

/**
 * Nobody grants or touches more than they hold: `wanted` must be a subset of the actor's own
 * permissions. `field` names the input the refusal belongs to, so the form can show it there.
 */
export function assertWithinRights(
  held: ReadonlySet<string>,
  wanted: readonly string[],
  message: string,
  field?: string,
): void {
  const missing = missingFrom(held, wanted);
  if (missing.length === 0) return;
  const text = `${message} (${describePermissions(missing)})`;
  throw new AppError(403, 'forbidden', text, field ? { [field]: text } : undefined);
}

export const NO_ROLE_MANAGER = 'This change would leave no active account able to open User Roles';

/** Run after the change, inside its transaction: throwing rolls the change back. */
export async function assertRolesStillManageable(tx: Executor): Promise<void> {
  if ((await countActiveRoleManagers(tx)) === 0) throw conflict(NO_ROLE_MANAGER);
}
