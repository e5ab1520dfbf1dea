import { z } from 'zod';
import { actionById, actionsWithoutPage } from './actions';
import { auditEntry } from './audit';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, text, uniqueArray } from './input';
import { ALL_PERMISSIONS, PAGES } from './permissions';

/** User Roles (`/dashboard/roles`): roles and their page and action permissions. */

export const ROLES_PAGE = '/dashboard/roles';
/** The action of changing roles: holding User Roles without it is looking, not managing. */
export const ROLES_MANAGE = 'roles.manage';
/** The permissions the super role (almond team) can never lose: no lock-out (PRODUCT.md 3.2). */
export const USER_MANAGEMENT_GROUP = 'group:user-management';
export const SUPER_ROLE_KEEPS: readonly string[] = [ROLES_PAGE, USER_MANAGEMENT_GROUP, ROLES_MANAGE];

export const ROLE_MESSAGES = {
  nameRequired: 'Name is required',
  nameFormat: 'Use letters, digits, spaces, - or _ (at most 50 characters)',
  nameTaken: 'A role with this name already exists',
  labelRequired: 'Label is required',
  labelTooLong: 'Label must be at most 100 characters',
  permissionsUnknown: 'Unknown permissions',
  actionsWithoutPage: 'An action needs its page',
} as const;

const known = new Set(ALL_PERMISSIONS);

/** A set of permission ids, each one known and listed once; kept in menu order. */
export const rolePermissions = uniqueArray(text(200), ALL_PERMISSIONS.length)
  .superRefine((list, ctx) => {
    const unknown = list.filter((p) => !known.has(p));
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: `${ROLE_MESSAGES.permissionsUnknown}: ${unknown.join(', ')}` });
    const orphans = actionsWithoutPage(list);
    if (orphans.length > 0) {
      const named = orphans.map((id) => `${id} (${actionById(id)?.page})`).join(', ');
      ctx.addIssue({ code: 'custom', message: `${ROLE_MESSAGES.actionsWithoutPage}: ${named}` });
    }
  })
  .transform((list) => {
    const held = new Set(list);
    return ALL_PERMISSIONS.filter((p) => held.has(p));
  });

const label = text(100, { required: ROLE_MESSAGES.labelRequired, tooLong: ROLE_MESSAGES.labelTooLong });

export const roleCreateBody = z.object({
  /** The role key, lowercased as the shell spec compares roles; fixed once created. */
  name: text(100, { required: ROLE_MESSAGES.nameRequired, tooLong: ROLE_MESSAGES.nameFormat })
    .transform((n) => n.toLowerCase().replace(/\s+/g, ' '))
    .refine((n) => /^[a-z0-9][a-z0-9 _-]{0,49}$/.test(n), ROLE_MESSAGES.nameFormat),
  label,
  permissions: rolePermissions.default([]),
  /** Unset: required when the permissions hold money or identity actions (actions.ts `guards`). */
  mfaRequired: z.boolean().optional(),
});
export type RoleCreateBody = z.infer<typeof roleCreateBody>;

export const roleUpdateBody = z.object({
  label: label.optional(),
  permissions: rolePermissions.optional(),
  /** Staff of this role must sign in with a second factor (an authenticator app). */
  mfaRequired: z.boolean().optional(),
});
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  /** Staff of this role sign in with a second factor (TOTP). */
  mfaRequired: z.boolean(),
  /** Whether the permissions hold money or identity actions: the second factor is advised. */
  mfaAdvised: z.boolean(),
  /** Permission ids held: pages, groups and actions. */
  permissionsCount: z.number().int(),
  /** Pages held (group ids not counted). */
  pagesCount: z.number().int(),
  staffCount: z.number().int(),
  updatedAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleDetail = roleRow.extend({ history: z.array(auditEntry) });
export type RoleDetail = z.infer<typeof roleDetail>;

export const ROLE_FILTERS = ['q', 'builtIn'] as const;
export const ROLE_SORTS = ['id', 'name', 'label'] as const;

export const ROLE_ENTITY = 'role';

const pagePaths = new Set(PAGES.map((p) => p.path));
/** How many pages (not groups) a permission list holds. */
export const countPages = (permissions: readonly string[]): number =>
  permissions.filter((p) => pagePaths.has(p)).length;

/** Whether every permission of `wanted` is in `held`: no one grants more than they hold. */
export const missingFrom = (held: ReadonlySet<string>, wanted: readonly string[]): string[] =>
  wanted.filter((p) => !held.has(p));

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['roles'] as const;
const manage = { action: ROLES_MANAGE } as const;

/** User Roles: the list, one role with its history, create, edit, delete. */
export const rolesEndpoints = {
  ...listEndpoints('/admin/roles', {
    access: { page: ROLES_PAGE },
    row: roleRow,
    tags,
    summary: 'Roles with permission and staff counts',
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/roles/:id',
    access: { page: ROLES_PAGE },
    tags,
    summary: 'One role with its history',
    params: idParams,
    response: roleDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/roles',
    access: manage,
    tags,
    summary: 'Create a custom role (only with permissions the caller holds)',
    body: roleCreateBody,
    response: roleRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/roles/:id',
    access: manage,
    tags,
    summary: 'Change a role’s label or permissions',
    params: idParams,
    body: roleUpdateBody,
    response: roleRow,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/roles/:id',
    access: manage,
    tags,
    summary: 'Delete a custom role nobody holds',
    params: idParams,
    response: z.object({ id: z.number().int() }),
  }),
};
