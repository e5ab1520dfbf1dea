import {
  EMPLOYEE_ENTITY,
  type EmployeeCreateBody,
  type EmployeeRow,
  type EmployeeStatus,
  type EmployeeUpdateBody,
  EMPLOYEE_MESSAGES as M,
} from '@app/contract/employees';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import * as repo from './employees.repository';
import { endFieldSessionsOf } from './field-sessions';

export const employeeList = repo.employeeList;

/**
 * Serialises every change of the reporting line. Two changes at once (A under B while B goes under A)
 * would each see no loop in their own snapshot; under this lock the second one reads the first's
 * committed change (READ COMMITTED takes a fresh snapshot per statement) and is refused.
 */
export async function lockReportingLine(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('employees.reporting_line'))`);
}

/**
 * Refuses a manager that would close a loop (the employee itself, or anyone below it), a missing
 * one, or an inactive one. Call with the reporting-line lock held (lockReportingLine).
 */
export async function checkManager(tx: Executor, employeeId: number | null, managerId: number) {
  if (employeeId !== null && employeeId === managerId) throw fieldError('managerId', M.managerSelf);
  const manager = await repo.lockEmployee(tx, managerId);
  if (!manager) throw fieldError('managerId', M.managerMissing);
  if (manager.status !== 'active') throw fieldError('managerId', M.managerInactive);
  if (employeeId !== null && (await repo.isInChainAbove(tx, managerId, employeeId)))
    throw fieldError('managerId', M.managerLoop);
}

const uniqueFields = async (tx: Executor, values: { code?: string; mobile?: string }, except?: number) => {
  const taken = await repo.takenBy(tx, values, except);
  if (taken.code) throw conflict(M.codeTaken, { code: M.codeTaken });
  if (taken.mobile) throw conflict(M.mobileTaken, { mobile: M.mobileTaken });
};

/** A unique violation that slipped past the check (two creates at once) is the same 409. */
async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${M.codeTaken} or mobile number`, { code: M.codeTaken });
    throw error;
  }
}

export async function getEmployee(app: FastifyInstance, id: number): Promise<EmployeeRow> {
  const row = await repo.findEmployee(app.database.db, id);
  if (!row) throw notFound('Employee');
  return row;
}

export const employeeOptions = (app: FastifyInstance) => repo.employeeOptions(app.database.db);

/** Creates an employee in `tx` with its audit entry (the form and the import). */
export async function insertEmployee(tx: Executor, actor: Actor, body: EmployeeCreateBody): Promise<number> {
  const id = await repo.insertEmployee(tx, { ...body, status: 'active' });
  await audit(tx, actor, { action: 'employee.created', entity: EMPLOYEE_ENTITY, entityId: id, after: body });
  return id;
}

export async function createEmployee(app: FastifyInstance, actor: Actor, body: EmployeeCreateBody) {
  const id = await mapUnique(() =>
    app.database.db.transaction(async (tx) => {
      await uniqueFields(tx, body);
      if (body.managerId !== null) {
        await lockReportingLine(tx);
        await checkManager(tx, null, body.managerId);
      }
      return insertEmployee(tx, actor, body);
    }),
  );
  return getEmployee(app, id);
}

export async function updateEmployee(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: EmployeeUpdateBody,
) {
  await mapUnique(() =>
    app.database.db.transaction(async (tx) => {
      // The line is locked before the row, in every path, so two changes cannot deadlock.
      if (body.managerId !== undefined && body.managerId !== null) await lockReportingLine(tx);
      const before = await repo.lockEmployee(tx, id);
      if (!before) throw notFound('Employee');
      const current = (await repo.findEmployee(tx, id))!;
      await uniqueFields(tx, { mobile: body.mobile }, id);
      if (body.managerId !== undefined && body.managerId !== null && body.managerId !== current.managerId)
        await checkManager(tx, id, body.managerId);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0) return;
      await repo.updateEmployee(tx, id, changes);
      const beforeValues = Object.fromEntries(
        Object.keys(changes).map((k) => [k, current[k as keyof EmployeeRow]]),
      );
      await audit(tx, actor, {
        action: 'employee.updated',
        entity: EMPLOYEE_ENTITY,
        entityId: id,
        before: beforeValues,
        after: changes,
      });
    }),
  );
  return getEmployee(app, id);
}

/** Deactivates or reactivates an employee; deactivating signs a BDE out of the field app. */
export async function setStatus(app: FastifyInstance, actor: Actor, id: number, status: EmployeeStatus) {
  await app.database.db.transaction(async (tx) => {
    const before = await repo.lockEmployee(tx, id);
    if (!before) throw notFound('Employee');
    if (before.status === status)
      throw conflict(
        status === 'inactive' ? 'The employee is already inactive' : 'The employee is already active',
      );
    await repo.updateEmployee(tx, id, { status });
    if (status === 'inactive') await endFieldSessionsOf(tx, id);
    await audit(tx, actor, {
      action: status === 'inactive' ? 'employee.deactivated' : 'employee.reactivated',
      entity: EMPLOYEE_ENTITY,
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
  });
  return getEmployee(app, id);
}
