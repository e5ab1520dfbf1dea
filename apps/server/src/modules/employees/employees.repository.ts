import { EMPLOYEE_STATUSES, type EmployeeOption, type EmployeeRow } from '@app/contract/employees';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { bdes, employees } from '../../db/schema/employees';
import { defineList } from '../../lib/lists/define';
import { bool, equals, id, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const manager = alias(employees, 'manager');

const columns = {
  id: employees.id,
  code: employees.code,
  name: employees.name,
  mobile: employees.mobile,
  email: employees.email,
  designation: employees.designation,
  department: employees.department,
  zone: employees.zone,
  managerId: employees.managerId,
  managerCode: manager.code,
  managerName: manager.name,
  status: sql<EmployeeRow['status']>`${employees.status}`,
  isBde: sql<boolean>`${bdes.employeeId} is not null`,
  createdAt: isoText(employees.createdAt),
  updatedAt: isoText(employees.updatedAt),
};

const base = (db: Executor, fields: Record<string, unknown>) =>
  db
    .select(fields as typeof columns)
    .from(employees)
    .leftJoin(manager, eq(manager.id, employees.managerId))
    .leftJoin(bdes, eq(bdes.employeeId, employees.id))
    .$dynamic();

/** Employee Management's list and its export (and the employees report type). */
export const employeeList = defineList<EmployeeRow>({
  columns: {
    ...columns,
    code: { sql: employees.code, label: 'Employee code', width: 14 },
    name: { sql: employees.name, label: 'Name', width: 24 },
    mobile: { sql: employees.mobile, label: 'Mobile', width: 12 },
    email: { sql: employees.email, label: 'Email', width: 28 },
    designation: { sql: employees.designation, label: 'Designation', width: 18 },
    department: { sql: employees.department, label: 'Department', width: 16 },
    zone: { sql: employees.zone, label: 'State/Zone', width: 16 },
    managerCode: { sql: manager.code, label: 'Manager code', width: 14 },
    managerName: { sql: manager.name, label: 'Manager', width: 24 },
    status: { sql: columns.status, label: 'Status', width: 10 },
    isBde: { sql: columns.isBde, label: 'BDE', format: 'bool', width: 6 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  from: base,
  filters: {
    q: text(employees.name, employees.code, employees.mobile, employees.email),
    status: oneOf(employees.status, EMPLOYEE_STATUSES),
    department: equals(employees.department),
    zone: equals(employees.zone),
    managerId: id(employees.managerId),
    isBde: bool((yes) => (yes ? sql`${bdes.employeeId} is not null` : sql`${bdes.employeeId} is null`)),
  },
  sort: {
    id: employees.id,
    code: employees.code,
    name: employees.name,
    createdAt: employees.createdAt,
  },
  defaultSort: 'name',
  defaultOrder: 'ASC',
  id: employees.id,
});

export async function findEmployee(tx: Executor, employeeId: number): Promise<EmployeeRow | undefined> {
  const [row] = await base(tx, columns).where(eq(employees.id, employeeId));
  return row as EmployeeRow | undefined;
}

export async function lockEmployee(tx: Executor, employeeId: number) {
  const [row] = await tx
    .select({ id: employees.id, status: employees.status, managerId: employees.managerId })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .for('update');
  return row;
}

/** Which of the codes and mobiles are taken by employees other than `except`. */
export async function takenBy(tx: Executor, values: { code?: string; mobile?: string }, except?: number) {
  const rows = await tx
    .select({ id: employees.id, code: employees.code, mobile: employees.mobile })
    .from(employees)
    .where(
      sql`(${employees.code} = ${values.code ?? null} or ${employees.mobile} = ${values.mobile ?? null})`,
    );
  const others = rows.filter((r) => r.id !== except);
  return {
    code: others.some((r) => r.code === values.code),
    mobile: others.some((r) => r.mobile === values.mobile),
  };
}

export async function insertEmployee(tx: Executor, values: typeof employees.$inferInsert): Promise<number> {
  const [row] = await tx.insert(employees).values(values).returning({ id: employees.id });
  return row!.id;
}

export async function updateEmployee(
  tx: Executor,
  employeeId: number,
  values: Partial<typeof employees.$inferInsert>,
): Promise<void> {
  await tx
    .update(employees)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(employees.id, employeeId));
}

/**
 * Whether `employeeId` is `managerId` or one of the managers above it: giving `employeeId` that
 * manager would close a loop. UNION (not UNION ALL) stops on a loop already in the data.
 */
export async function isInChainAbove(tx: Executor, managerId: number, employeeId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    with recursive up(id, manager_id) as (
      select id, manager_id from employees where id = ${managerId}
      union
      select e.id, e.manager_id from employees e join up on e.id = up.manager_id
    )
    select exists(select 1 from up where id = ${employeeId}) as found`);
  return Boolean((rows[0] as { found: boolean }).found);
}

/** Every employee for pickers, active first. */
export const employeeOptions = (tx: Executor): Promise<EmployeeOption[]> =>
  tx
    .select({
      id: employees.id,
      code: employees.code,
      name: employees.name,
      status: sql<EmployeeOption['status']>`${employees.status}`,
      isBde: sql<boolean>`${bdes.employeeId} is not null`,
    })
    .from(employees)
    .leftJoin(bdes, eq(bdes.employeeId, employees.id))
    .orderBy(sql`${employees.status} = 'active' desc`, asc(employees.name));

/** Ids of employees by code (imports). */
export async function employeesByCode(tx: Executor, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: number; status: string }>();
  const rows = await tx
    .select({ id: employees.id, code: employees.code, status: employees.status })
    .from(employees)
    .where(inArray(employees.code, codes));
  return new Map(rows.map((r) => [r.code, { id: r.id, status: r.status }]));
}

export async function mobilesTaken(tx: Executor, mobiles: string[]): Promise<Set<string>> {
  if (mobiles.length === 0) return new Set();
  const rows = await tx
    .select({ mobile: employees.mobile })
    .from(employees)
    .where(inArray(employees.mobile, mobiles));
  return new Set(rows.map((r) => r.mobile));
}

export const isBde = async (tx: Executor, employeeId: number) =>
  (await tx.select({ id: bdes.employeeId }).from(bdes).where(eq(bdes.employeeId, employeeId))).length > 0;
