import { SIGN_IN_FAILURES, SIGN_IN_OUTCOMES, type SignInEventRow, type StaffRow } from '@app/contract/staff';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, signInEvents, staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { bool, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

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
  secondFactor: sql<boolean>`${staff.totpSecret} is not null`,
  lastSignInAt: sql<string | null>`${isoText(staff.lastSignInAt)}`,
  createdAt: isoText(staff.createdAt),
};

/** Manage Admin's list, its export (never a password hash) and the "Staff accounts" report. */
export const staffList = defineList<StaffRow>({
  columns: {
    ...staffColumns,
    id: { sql: staff.id, label: 'ID', format: 'int', width: 8, report: false },
    name: { sql: staff.name, label: 'Name', width: 24 },
    email: { sql: staff.email, label: 'Email', width: 30 },
    mobile: { sql: staff.mobile, label: 'Mobile', width: 12 },
    roleName: { sql: roles.label, label: 'Role', width: 16 },
    active: { sql: staff.active, label: 'Active', format: 'bool', width: 8 },
    locked: { sql: staffColumns.locked, label: 'Locked', format: 'bool', width: 8 },
    lastSignInAt: { sql: staffColumns.lastSignInAt, label: 'Last sign-in', format: 'datetime', width: 20 },
    createdAt: { sql: staffColumns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(staff).innerJoin(roles, eq(roles.id, staff.roleId)).$dynamic(),
  filters: {
    q: text(staff.name, staff.email, staff.mobile),
    roleId: id(staff.roleId),
    active: bool(staff.active),
    locked: bool((yes) =>
      yes
        ? sql`${staff.lockedUntil} > now()`
        : sql`(${staff.lockedUntil} is null or ${staff.lockedUntil} <= now())`,
    ),
  },
  sort: { id: staff.id, name: staff.name, email: staff.email, role: roles.label, createdAt: staff.createdAt },
  defaultSort: 'id',
  id: staff.id,
});

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

/** Sign-in activity (Manage Admin): every staff sign-in attempt, with the account when one matched. */
export const signInActivityList = defineList<SignInEventRow>({
  columns: {
    id: { sql: signInEvents.id, label: 'ID', format: 'int', width: 10 },
    at: { sql: isoText(signInEvents.at), label: 'When', format: 'datetime', width: 20 },
    email: { sql: signInEvents.email, label: 'Email', width: 30 },
    staffId: signInEvents.staffId,
    staffName: { sql: staff.name, label: 'Name', width: 24 },
    outcome: { sql: sql<SignInEventRow['outcome']>`${signInEvents.outcome}`, label: 'Outcome', width: 16 },
    ip: { sql: signInEvents.ip, label: 'Address', width: 16 },
    userAgent: { sql: signInEvents.userAgent, label: 'Browser', width: 40 },
  },
  from: (db, fields) =>
    db.select(fields).from(signInEvents).leftJoin(staff, eq(staff.id, signInEvents.staffId)).$dynamic(),
  filters: {
    q: text(signInEvents.email, staff.name),
    succeeded: bool((yes) =>
      yes ? sql`${signInEvents.outcome} = 'success'` : inArray(signInEvents.outcome, [...SIGN_IN_FAILURES]),
    ),
    outcome: oneOf(signInEvents.outcome, SIGN_IN_OUTCOMES),
    staffId: id(signInEvents.staffId),
    ...istDayRange(signInEvents.at),
  },
  sort: { id: signInEvents.id, at: signInEvents.at },
  defaultSort: 'id',
  id: signInEvents.id,
});
