import type { ListQuery } from '@app/contract/list';
import type { StaffRow } from '@app/contract/staff';
import { count, eq, gt, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, idFilter, isoText } from '../../lib/list-filters';

export const staffListSpec: ListSpec = {
  sortable: {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    role: roles.label,
    createdAt: staff.createdAt,
  },
  defaultSort: 'id',
  id: staff.id,
  filters: {
    q: (v) =>
      or(
        ilike(staff.name, containsPattern(v)),
        ilike(staff.email, containsPattern(v)),
        ilike(staff.mobile, containsPattern(v)),
      ),
    roleId: (v) => eq(staff.roleId, idFilter('roleId', v)),
    active: (v) => eq(staff.active, booleanFilter('active', v)),
    locked: (v) =>
      booleanFilter('locked', v)
        ? gt(staff.lockedUntil, sql`now()`)
        : sql`(${staff.lockedUntil} is null or ${staff.lockedUntil} <= now())`,
  },
};

const staffColumns = {
  id: staff.id,
  name: staff.name,
  email: staff.email,
  mobile: staff.mobile,
  roleId: staff.roleId,
  role: roles.name,
  roleName: roles.label,
  active: staff.active,
  locked: sql<boolean>`coalesce(${staff.lockedUntil} > now(), false)`,
  lastSignInAt: sql<string | null>`${isoText(staff.lastSignInAt)}`,
  createdAt: isoText(staff.createdAt),
};

export function listStaff(tx: Executor, query: ListQuery) {
  return runList<StaffRow>(staffListSpec, query, {
    select: (cursor) =>
      tx
        .select({ ...staffColumns, ...cursor })
        .from(staff)
        .innerJoin(roles, eq(roles.id, staff.roleId))
        .$dynamic(),
    count: () =>
      tx.select({ n: count() }).from(staff).innerJoin(roles, eq(roles.id, staff.roleId)).$dynamic(),
  });
}

export async function findStaffRow(tx: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await tx
    .select(staffColumns)
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.id, id));
  return row;
}

/** The account with its role's permissions: what the guards compare against the actor's. */
export async function findStaffForChange(tx: Executor, id: number) {
  const [row] = await tx
    .select({ ...staffColumns, permissions: roles.permissions })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.id, id))
    .for('update', { of: staff });
  return row;
}

export async function emailTaken(tx: Executor, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email})`);
  return Boolean(row);
}

export async function insertStaff(
  tx: Executor,
  values: { name: string; email: string; mobile: string | null; roleId: number; passwordHash: string },
): Promise<number> {
  const [row] = await tx.insert(staff).values(values).returning({ id: staff.id });
  return row!.id;
}

export async function updateStaff(
  tx: Executor,
  id: number,
  values: Partial<{ name: string; mobile: string | null; roleId: number; active: boolean }>,
) {
  await tx
    .update(staff)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}

/** A new password from an administrator also lifts a failed-sign-in lock. */
export async function resetPassword(tx: Executor, id: number, passwordHash: string) {
  await tx
    .update(staff)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}
