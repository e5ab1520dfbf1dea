import {
  EMPLOYEE_UPLOAD_COLUMNS,
  type EmployeeCreateBody,
  type EmployeeUploadColumn,
  type EmployeeUploadResult,
  employeeCreateBody,
  EMPLOYEE_IMPORT_MESSAGES as IM,
  EMPLOYEE_MESSAGES as M,
} from '@app/contract/employees';
import type { RowError } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import * as repo from './employees.repository';
import { insertEmployee, lockReportingLine } from './employees.service';

type Row = SheetRow<EmployeeUploadColumn>;

/** A valid row: the employee and its manager, by code (in this file or saved). */
interface Planned {
  row: number;
  body: Omit<EmployeeCreateBody, 'managerId'>;
  managerCode: string | null;
}

const FIELD_COLUMN: Record<string, EmployeeUploadColumn> = {
  code: 'Employee code',
  name: 'Name',
  mobile: 'Mobile',
  email: 'Email',
  designation: 'Designation',
  department: 'Department',
  zone: 'State/Zone',
};

export const readEmployeeSheet = (content: Buffer) => readSheet(content, EMPLOYEE_UPLOAD_COLUMNS);

export const employeeTemplate = () =>
  templateWorkbook({
    sheet: 'Employees',
    columns: EMPLOYEE_UPLOAD_COLUMNS,
    examples: [
      ['EMP-RSM-01', 'Regional manager', '9800000001', 'rsm@example.com', 'RSM', 'Sales', 'West', ''],
      ['EMP-BDE-01', 'Field executive', '9800000002', '', 'BDE', 'Sales', 'Maharashtra', 'EMP-RSM-01'],
    ],
    instructions: [
      'One row per new employee. Employee code: 2 to 20 letters, digits, dashes or slashes, unique.',
      'Mobile: a 10-digit Indian mobile number, unique. Email is optional.',
      'Name, Designation, Department and State/Zone are required.',
      'Manager code: empty, the code of a saved active employee, or the code of another row of this file.',
      'A reporting line may never form a loop (A reports to B, B reports to A).',
      'A file with errors applies nothing unless you choose "Apply valid rows". Replace the example rows.',
    ],
  });

/** Checks every row: fields as the form does, codes and mobiles unique, managers known, no loops. */
export async function planEmployeeUpload(tx: Executor, rows: Row[]) {
  const errors: RowError[] = [];
  const bad = new Set<number>();
  const fail = (row: number, column: EmployeeUploadColumn, message: string) => {
    errors.push({ row, column, message });
    bad.add(row);
  };
  const parsed = new Map<number, Planned>();
  for (const r of rows) {
    const v = r.values;
    const result = employeeCreateBody.safeParse({
      code: v['Employee code'],
      name: v.Name,
      mobile: v.Mobile,
      email: v.Email || null,
      designation: v.Designation,
      department: v.Department,
      zone: v['State/Zone'],
      managerId: null,
    });
    if (!result.success) {
      for (const issue of result.error.issues)
        fail(r.row, FIELD_COLUMN[String(issue.path[0])] ?? 'Employee code', issue.message);
      continue;
    }
    const { managerId: _m, ...body } = result.data;
    parsed.set(r.row, { row: r.row, body, managerCode: v['Manager code'].trim().toUpperCase() || null });
  }

  // Unique within the file and against saved employees.
  const byCode = new Map<string, number[]>();
  const byMobile = new Map<string, number[]>();
  for (const p of parsed.values()) {
    byCode.set(p.body.code, [...(byCode.get(p.body.code) ?? []), p.row]);
    byMobile.set(p.body.mobile, [...(byMobile.get(p.body.mobile) ?? []), p.row]);
  }
  for (const list of byCode.values())
    if (list.length > 1) for (const r of list) fail(r, 'Employee code', IM.codeRepeated);
  for (const list of byMobile.values())
    if (list.length > 1) for (const r of list) fail(r, 'Mobile', IM.mobileRepeated);
  const managerCodes = [...parsed.values()].flatMap((p) => (p.managerCode ? [p.managerCode] : []));
  const saved = await repo.employeesByCode(tx, [...new Set([...byCode.keys(), ...managerCodes])]);
  const takenMobiles = await repo.mobilesTaken(tx, [...byMobile.keys()]);
  for (const p of parsed.values()) {
    if (saved.has(p.body.code)) fail(p.row, 'Employee code', M.codeTaken);
    if (takenMobiles.has(p.body.mobile)) fail(p.row, 'Mobile', M.mobileTaken);
  }

  // Managers: saved and active, or another row of the file.
  const fileRowOf = new Map([...parsed.values()].map((p) => [p.body.code, p.row]));
  for (const p of parsed.values()) {
    if (!p.managerCode) continue;
    if (p.managerCode === p.body.code) fail(p.row, 'Manager code', M.managerSelf);
    else if (fileRowOf.has(p.managerCode) && !saved.has(p.managerCode)) continue;
    else if (!saved.has(p.managerCode)) fail(p.row, 'Manager code', IM.managerUnknown);
    else if (saved.get(p.managerCode)!.status !== 'active') fail(p.row, 'Manager code', M.managerInactive);
  }
  // Loops inside the file (saved employees never report to new ones, so a loop is all new rows).
  const managerRow = (p: Planned) =>
    p.managerCode && !saved.has(p.managerCode) ? fileRowOf.get(p.managerCode) : undefined;
  for (const p of parsed.values()) {
    const seen = new Set<number>([p.row]);
    let next = managerRow(p);
    while (next !== undefined && !seen.has(next)) {
      seen.add(next);
      next = managerRow(parsed.get(next)!);
    }
    if (next === p.row) fail(p.row, 'Manager code', M.managerLoop);
  }
  // A row whose manager's row is refused cannot be applied either (repeat until nothing changes).
  for (let changed = true; changed; ) {
    changed = false;
    for (const p of parsed.values()) {
      const m = managerRow(p);
      if (bad.has(p.row) || m === undefined || !bad.has(m)) continue;
      fail(p.row, 'Manager code', IM.managerRowBad);
      changed = true;
    }
  }
  const valid = [...parsed.values()].filter((p) => !bad.has(p.row));
  errors.sort((a, b) => a.row - b.row);
  return { valid, errors, rowsTotal: rows.length };
}

/**
 * An employee import: a clean file is applied; a file with errors applies nothing unless
 * `applyValid`. Valid rows are inserted managers first, each audited as a single create is.
 */
export async function uploadEmployees(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<EmployeeUploadResult> {
  const rows = await readEmployeeSheet(file.content);
  const { db } = app.database;
  const plan = await planEmployeeUpload(db, rows);
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'employee_upload_errors',
    name: 'employee-upload-errors.xlsx',
    columns: EMPLOYEE_UPLOAD_COLUMNS,
    rows,
    errors: plan.errors,
  });
  const apply = plan.errors.length === 0 || file.applyValid;
  const toApply = apply ? plan.valid : [];
  if (toApply.length > 0) {
    try {
      await db.transaction(async (tx) => {
        await lockReportingLine(tx);
        const ids = await repo.employeesByCode(
          tx,
          toApply.flatMap((p) => (p.managerCode ? [p.managerCode] : [])),
        );
        for (const m of ids.values())
          if (m.status !== 'active') throw conflict('A manager of this file was deactivated meanwhile');
        const idOf = new Map([...ids].map(([code, m]) => [code, m.id]));
        let pending = toApply;
        while (pending.length > 0) {
          const ready = pending.filter((p) => !p.managerCode || idOf.has(p.managerCode));
          if (ready.length === 0) throw conflict('A manager of this file was removed meanwhile');
          for (const p of ready) {
            const id = await insertEmployee(tx, actor, {
              ...p.body,
              managerId: p.managerCode ? idOf.get(p.managerCode)! : null,
            });
            idOf.set(p.body.code, id);
          }
          pending = pending.filter((p) => !ready.includes(p));
        }
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('An employee code or mobile of this file was saved meanwhile; upload it again');
      throw error;
    }
  }
  return uploadOutcome({
    rowsTotal: plan.rowsTotal,
    rowsValid: plan.valid.length,
    rowsApplied: toApply.length,
    errors: plan.errors,
    errorReportId,
  });
}
