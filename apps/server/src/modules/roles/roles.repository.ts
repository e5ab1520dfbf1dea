import { ROLES_MANAGE, type RoleRow } from '@app/contract/roles';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, staff } from '../../db/schema/staff';
import type { ListDeclaration } from '../../lib/lists/define';
import { bool, text } from '../../lib/lists/filters';
import { isoText as iso } from '../../lib/lists/sql';

const roleColumns = {
  id: roles.id,
  name: roles.name,
  label: roles.label,
  builtIn: roles.builtIn,
  permissions: roles.permissions,
  mfaRequired: roles.mfaRequired,
  permissionsCount: sql<number>`cardinality(${roles.permissions})`.mapWith(Number),
  staffCount: sql<number>`(select count(*) from "staff" s where s.role_id = "roles"."id")`.mapWith(Number),
  updatedAt: iso(roles.updatedAt),
};
type RoleColumns = Omit<RoleRow, 'pagesCount' | 'mfaAdvised'>;

/** User Roles' list (the service adds the page count) and its export. */
export const roleListDeclaration: ListDeclaration<RoleColumns> = {
  columns: {
    ...roleColumns,
    name: { sql: roles.name, label: 'Name', width: 16 },
    label: { sql: roles.label, label: 'Label', width: 24 },
    builtIn: { sql: roles.builtIn, label: 'Built in', format: 'bool', width: 8 },
    mfaRequired: { sql: roles.mfaRequired, label: 'Second factor required', format: 'bool', width: 10 },
    permissionsCount: { sql: roleColumns.permissionsCount, label: 'Permissions', format: 'int', width: 10 },
    staffCount: { sql: roleColumns.staffCount, label: 'Staff', format: 'int', width: 8 },
    updatedAt: { sql: roleColumns.updatedAt, label: 'Updated', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(roles).$dynamic(),
  filters: { q: text(roles.name, roles.label), builtIn: bool(roles.builtIn) },
  sort: { id: roles.id, name: roles.name, label: roles.label },
  defaultSort: 'name',
  defaultOrder: 'ASC',
  id: roles.id,
};

export async function findRoleRow(tx: Executor, id: number): Promise<RoleColumns | undefined> {
  const [row] = await tx.select(roleColumns).from(roles).where(eq(roles.id, id));
  return row;
}

export async function allRoles(tx: Executor) {
  return tx
    .select({ id: roles.id, name: roles.name, label: roles.label, permissions: roles.permissions })
    .from(roles)
    .orderBy(roles.label);
}

export async function findRole(tx: Executor, id: number) {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRoleByName(tx: Executor, name: string) {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row;
}

export async function insertRole(
  tx: Executor,
  values: { name: string; label: string; permissions: string[]; mfaRequired: boolean },
) {
  const [row] = await tx
    .insert(roles)
    .values({ ...values, builtIn: false })
    .returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(
  tx: Executor,
  id: number,
  values: { label?: string; permissions?: string[]; mfaRequired?: boolean },
) {
  await tx
    .update(roles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(roles.id, id));
}

export async function deleteRole(tx: Executor, id: number) {
  await tx.delete(roles).where(eq(roles.id, id));
}

export async function countStaffWithRole(tx: Executor, roleId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(staff).where(eq(staff.roleId, roleId));
  return Number(row?.n ?? 0);
}

/** Active accounts whose role may change roles: there must always be at least one. */
export async function countActiveRoleManagers(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(and(eq(staff.active, true), sql`${ROLES_MANAGE} = any(${roles.permissions})`));
  return Number(row?.n ?? 0);
}

/**
 * Serialises changes to accounts and roles for the rest of the transaction, so that two concurrent
 * changes cannot each pass the "someone can still open User Roles" check and together break it.
 */
export async function lockStaffAdministration(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(7300001)`);
}
