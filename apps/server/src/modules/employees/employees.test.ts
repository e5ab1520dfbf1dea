import {
  EMPLOYEE_UPLOAD_COLUMNS,
  EMPLOYEE_IMPORT_MESSAGES as IM,
  EMPLOYEE_MESSAGES as M,
} from '@app/contract/employees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';
import { createBde, createEmployee, employeeBody, employeeCode, employeeMobile } from './employees.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const setManager = (id: number, managerId: number | null, by = 'admin') =>
  t.as(by, { method: 'PUT', url: `/api/admin/employees/${id}`, payload: { managerId } });

describe('employees', () => {
  it('creates, lists, edits and audits an employee', async () => {
    const boss = await createEmployee(t, { name: 'Regional Boss', designation: 'RSM' });
    const res = await t.as('hod', {
      method: 'POST',
      url: '/api/admin/employees',
      payload: employeeBody({
        code: 'emp-x1',
        name: 'Asha Patil',
        managerId: boss.id,
        email: 'Asha@Example.com',
      }),
    });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({
      code: 'EMP-X1',
      email: 'asha@example.com',
      managerId: boss.id,
      managerName: 'Regional Boss',
      status: 'active',
      isBde: false,
    });
    const list = await t.as('cs', { method: 'GET', url: `/api/admin/employees?filter=${q({ q: 'asha' })}` });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([e.id]);
    const edit = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/employees/${e.id}`,
      payload: { designation: 'Senior BDE' },
    });
    expect(edit.json()).toMatchObject({ designation: 'Senior BDE', code: 'EMP-X1' });
    const taken = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/employees',
      payload: employeeBody({ code: 'EMP-X1' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ code: M.codeTaken });
    const { rows } = await t.database.executeSql(
      "select action from audit_log where entity = 'employee' and entity_id = $1 order by id",
      [String(e.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['employee.created', 'employee.updated']);
  });

  it('refuses a reporting line that would form a loop, directly or through others', async () => {
    const a = await createEmployee(t);
    const b = await createEmployee(t, { managerId: a.id });
    const c = await createEmployee(t, { managerId: b.id });
    const self = await setManager(a.id, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ managerId: M.managerSelf });
    const direct = await setManager(a.id, b.id);
    expect(direct.statusCode).toBe(400);
    expect(direct.json().fields).toEqual({ managerId: M.managerLoop });
    const indirect = await setManager(a.id, c.id);
    expect(indirect.statusCode).toBe(400);
    expect(indirect.json().fields).toEqual({ managerId: M.managerLoop });
    // Nothing changed; a legal move still works.
    expect(
      (await t.as('admin', { method: 'GET', url: `/api/admin/employees/${a.id}` })).json().managerId,
    ).toBeNull();
    const d = await createEmployee(t);
    expect((await setManager(a.id, d.id)).statusCode).toBe(200);
    expect((await setManager(c.id, null)).json().managerId).toBeNull();
  });

  it('deactivates and reactivates; an inactive manager is refused', async () => {
    const boss = await createEmployee(t);
    const off = await t.as('admin', { method: 'POST', url: `/api/admin/employees/${boss.id}/deactivate` });
    expect(off.json().status).toBe('inactive');
    expect(
      (await t.as('admin', { method: 'POST', url: `/api/admin/employees/${boss.id}/deactivate` })).statusCode,
    ).toBe(409);
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/employees',
      payload: employeeBody({ managerId: boss.id }),
    });
    expect(res.json().fields).toEqual({ managerId: M.managerInactive });
    const inactive = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/employees?filter=${q({ status: 'inactive' })}`,
    });
    expect(inactive.json().rows.map((r: { id: number }) => r.id)).toContain(boss.id);
    const on = await t.as('admin', { method: 'POST', url: `/api/admin/employees/${boss.id}/reactivate` });
    expect(on.json().status).toBe('active');
  });

  it('deactivating a BDE employee signs them out of the field app', async () => {
    const bde = await createBde(t);
    await t.as('admin', { method: 'POST', url: `/api/admin/employees/${bde.id}/deactivate` });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/field/me',
      headers: { authorization: `Bearer ${bde.token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('is for Employee Management holders; writes need employees.manage', async () => {
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/employees' })).statusCode).toBe(403);
    expect(
      (await t.as('finance', { method: 'POST', url: '/api/admin/employees', payload: employeeBody() }))
        .statusCode,
    ).toBe(403);
    const e = await createEmployee(t);
    expect(
      (await t.as('finance', { method: 'POST', url: `/api/admin/employees/${e.id}/deactivate` })).statusCode,
    ).toBe(403);
  });
});

describe('employee import', () => {
  const upload = (content: Buffer, query = '', by = 'admin') =>
    t.as(by, {
      method: 'POST',
      url: `/api/admin/employees/upload${query}`,
      ...multipartBody('e.xlsx', content),
    });
  const row = (code: string, manager = '', mobile = employeeMobile()) => [
    code,
    `Name ${code}`,
    mobile,
    '',
    'BDE',
    'Sales',
    'West',
    manager,
  ];

  it('offers a template with the columns', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/employees/template' });
    expect(res.statusCode).toBe(200);
    const [header] = await readSheet(res.rawPayload);
    expect(header).toEqual([...EMPLOYEE_UPLOAD_COLUMNS]);
  });

  it('applies a clean file whose managers are rows of the same file (in any order)', async () => {
    const boss = await createEmployee(t);
    const [x, y, z] = [employeeCode('X'), employeeCode('Y'), employeeCode('Z')];
    // z reports to y, y to x (both later in the file), x to a saved employee.
    const file = await sheet([row(z, y), row(y, x), row(x, boss.code)], EMPLOYEE_UPLOAD_COLUMNS);
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'applied', rowsApplied: 3, errorsTotal: 0 });
    const list = await t.as('admin', { method: 'GET', url: `/api/admin/employees?filter=${q({ q: z })}` });
    expect(list.json().rows[0]).toMatchObject({ code: z.toUpperCase(), managerCode: y.toUpperCase() });
  });

  it('reports row errors (loops in the file, unknown managers, repeats) and applies valid rows on request', async () => {
    const [a, b, c, d, e] = ['A', 'B', 'C', 'D', 'E'].map((p) => employeeCode(p));
    const mobile = employeeMobile();
    const rows = [
      row(a!, b!), // a → b → a: a loop
      row(b!, a!),
      row(c!, 'NOBODY-HERE'),
      row(d!, c!), // its manager's row is refused
      row(e!, '', mobile),
      ['', 'No code', employeeMobile(), 'not-an-email', 'BDE', 'Sales', 'West', ''],
    ];
    const file = await sheet(rows, EMPLOYEE_UPLOAD_COLUMNS);
    const res = (await upload(file)).json();
    expect(res).toMatchObject({ status: 'has_errors', rowsTotal: 6, rowsValid: 1, rowsApplied: 0 });
    const messages = res.errors.map((x: { row: number; column: string; message: string }) => [
      x.row,
      x.column,
      x.message,
    ]);
    expect(messages).toEqual(
      expect.arrayContaining([
        [2, 'Manager code', M.managerLoop],
        [3, 'Manager code', M.managerLoop],
        [4, 'Manager code', IM.managerUnknown],
        [5, 'Manager code', IM.managerRowBad],
        [7, 'Employee code', expect.any(String)],
        [7, 'Email', M.emailInvalid],
      ]),
    );
    const report = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/employees/upload/errors/${res.errorReportId}`,
    });
    expect(report.statusCode).toBe(200);
    expect(
      (await t.as('hod', { method: 'GET', url: `/api/admin/employees/upload/errors/${res.errorReportId}` }))
        .statusCode,
    ).toBe(404);
    const applied = (await upload(file, '?applyValid=true')).json();
    expect(applied).toMatchObject({ status: 'partially_applied', rowsApplied: 1 });
    const again = (
      await upload(await sheet([row(employeeCode('F'), '', mobile)], EMPLOYEE_UPLOAD_COLUMNS))
    ).json();
    expect(again.errors[0]).toMatchObject({ column: 'Mobile', message: M.mobileTaken });
  });
});
