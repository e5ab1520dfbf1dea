import type { BdeMemberRow, BdeOption, BdeRow } from '@app/contract/employees';
import { EMPLOYEE_STATUSES } from '@app/contract/employees';
import { MEMBER_STATUSES } from '@app/contract/members';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { bdes, employees, fieldOnboardings } from '../../db/schema/employees';
import { members } from '../../db/schema/members';
import { defineList } from '../../lib/lists/define';
import { bool, custom, equals, id, oneOf, text, textOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/** The first instant of the current month in India (targets are monthly, IST). */
export const IST_MONTH_START = sql`(date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;

/** Members a BDE onboarded through the field API since the start of this IST month. */
export const achievedThisMonth = (employeeId: SQL | typeof bdes.employeeId) =>
  sql<number>`(select count(*)::int from ${fieldOnboardings} fo where fo.employee_id = ${employeeId} and fo.created_at >= ${IST_MONTH_START})`;

const columns = {
  id: bdes.employeeId,
  code: employees.code,
  name: employees.name,
  mobile: employees.mobile,
  zone: employees.zone,
  states: bdes.states,
  districts: bdes.districts,
  pincodes: bdes.pincodes,
  monthlyTarget: bdes.monthlyTarget,
  achieved: achievedThisMonth(bdes.employeeId),
  assignedMembers: sql<number>`(select count(*)::int from ${members} m where m.bde_id = ${bdes.employeeId})`,
  active: bdes.active,
  employeeStatus: sql<BdeRow['employeeStatus']>`${employees.status}`,
  passwordSetAt: isoText(bdes.passwordSetAt),
  createdAt: isoText(bdes.createdAt),
};

const base = (db: Executor, fields: Record<string, unknown>) =>
  db
    .select(fields as typeof columns)
    .from(bdes)
    .innerJoin(employees, eq(employees.id, bdes.employeeId))
    .$dynamic();

const hasText = (column: PgColumn) => custom((value, key) => sql`${textOf(value, key)} = any(${column})`);

/** BDE Management's list and its export. */
export const bdeList = defineList<BdeRow>({
  columns: {
    ...columns,
    code: { sql: employees.code, label: 'Employee code', width: 14 },
    name: { sql: employees.name, label: 'Name', width: 24 },
    mobile: { sql: employees.mobile, label: 'Mobile', width: 12 },
    zone: { sql: employees.zone, label: 'State/Zone', width: 14 },
    states: { sql: bdes.states, label: 'States', format: 'list', width: 24 },
    districts: { sql: bdes.districts, label: 'Districts', format: 'list', width: 24 },
    pincodes: { sql: bdes.pincodes, label: 'Pincodes', format: 'list', width: 24 },
    monthlyTarget: { sql: bdes.monthlyTarget, label: 'Monthly target', format: 'int', width: 10 },
    achieved: { sql: columns.achieved, label: 'Onboarded this month', format: 'int', width: 10 },
    assignedMembers: { sql: columns.assignedMembers, label: 'Assigned members', format: 'int', width: 10 },
    active: { sql: bdes.active, label: 'Field app active', format: 'bool', width: 8 },
    employeeStatus: { sql: columns.employeeStatus, label: 'Employee status', width: 10 },
    createdAt: { sql: columns.createdAt, label: 'BDE since', format: 'datetime', width: 20 },
  },
  from: base,
  filters: {
    q: text(employees.name, employees.code, employees.mobile),
    active: bool(bdes.active),
    employeeStatus: oneOf(employees.status, EMPLOYEE_STATUSES),
    state: hasText(bdes.states),
    district: hasText(bdes.districts),
    pincode: hasText(bdes.pincodes),
  },
  sort: { id: bdes.employeeId, name: employees.name, code: employees.code, createdAt: bdes.createdAt },
  defaultSort: 'name',
  defaultOrder: 'ASC',
  id: bdes.employeeId,
});

export async function findBde(tx: Executor, employeeId: number): Promise<BdeRow | undefined> {
  const [row] = await base(tx, columns).where(eq(bdes.employeeId, employeeId));
  return row as BdeRow | undefined;
}

export async function lockBde(tx: Executor, employeeId: number) {
  const [row] = await tx
    .select({
      id: bdes.employeeId,
      active: bdes.active,
      states: bdes.states,
      districts: bdes.districts,
      pincodes: bdes.pincodes,
      monthlyTarget: bdes.monthlyTarget,
      employeeStatus: employees.status,
    })
    .from(bdes)
    .innerJoin(employees, eq(employees.id, bdes.employeeId))
    .where(eq(bdes.employeeId, employeeId))
    .for('update', { of: bdes });
  return row;
}

export const bdeOptions = (tx: Executor): Promise<BdeOption[]> =>
  tx
    .select({ id: bdes.employeeId, code: employees.code, name: employees.name, active: bdes.active })
    .from(bdes)
    .innerJoin(employees, eq(employees.id, bdes.employeeId))
    .orderBy(sql`${bdes.active} desc`, asc(employees.name));

const bdeEmployee = sql`(select e.name from ${employees} e where e.id = ${members.bdeId})`;

/** Members for BDE Management's picker and a BDE's assigned members. */
export const bdeMemberList = defineList<BdeMemberRow>({
  columns: {
    id: members.id,
    code: { sql: members.code, label: 'Code', width: 10 },
    name: { sql: members.name, label: 'Name', width: 24 },
    mobile: { sql: members.mobile, label: 'Mobile', width: 12 },
    type: { sql: members.type, label: 'Type', width: 12 },
    district: { sql: members.district, label: 'District', width: 14 },
    state: { sql: members.state, label: 'State', width: 16 },
    pincode: { sql: members.pincode, label: 'Pincode', width: 8 },
    status: { sql: members.status, label: 'Status', width: 10 },
    bdeId: members.bdeId,
    bdeName: { sql: sql<string | null>`${bdeEmployee}`, label: 'BDE', width: 20 },
    createdAt: { sql: isoText(members.createdAt), label: 'Registered', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(members).$dynamic(),
  filters: {
    q: text(members.name, members.code, members.mobile),
    bdeId: id(members.bdeId),
    unassigned: bool((yes) => (yes ? sql`${members.bdeId} is null` : sql`${members.bdeId} is not null`)),
    status: oneOf(members.status, MEMBER_STATUSES),
    state: equals(members.state),
    district: equals(members.district),
    pincode: equals(members.pincode),
  },
  sort: { id: members.id, name: members.name, createdAt: members.createdAt },
  defaultSort: 'name',
  defaultOrder: 'ASC',
  id: members.id,
});

/** Sets the BDE of members (all given that exist); returns the ids and their previous BDE. */
export async function assignMembers(tx: Executor, memberIds: number[], bdeId: number) {
  const before = await tx
    .select({ id: members.id, bdeId: members.bdeId })
    .from(members)
    .where(inArray(members.id, memberIds))
    .orderBy(members.id)
    .for('update');
  if (before.length > 0)
    await tx
      .update(members)
      .set({ bdeId, updatedAt: sql`now()` })
      .where(
        inArray(
          members.id,
          before.map((m) => m.id),
        ),
      );
  return before;
}

/** Members of a BDE (some of them, or all), locked. */
export async function membersOfBde(tx: Executor, bdeId: number, memberIds?: number[]) {
  return tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.bdeId, bdeId), memberIds ? inArray(members.id, memberIds) : undefined))
    .orderBy(members.id)
    .for('update');
}
