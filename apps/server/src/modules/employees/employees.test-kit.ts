import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../../test/harness';

let counter = 0;
/** A mobile no seeded employee or member has (employees' tests start with 7). */
export const employeeMobile = () =>
  `7${String(Date.now() % 1e5).padStart(5, '0')}${String(counter++ % 1e4).padStart(4, '0')}`;
export const employeeCode = (prefix = 'T') => `${prefix}${Date.now() % 1e6}-${counter++}`;

export const employeeBody = (extra: object = {}) => ({
  code: employeeCode(),
  name: 'Test employee',
  mobile: employeeMobile(),
  email: null,
  designation: 'BDE',
  department: 'Sales',
  zone: 'West',
  ...extra,
});

export async function createEmployee(t: TestApp, extra: object = {}, by = 'admin') {
  const res = await t.as(by, { method: 'POST', url: '/api/admin/employees', payload: employeeBody(extra) });
  if (res.statusCode !== 200) throw new Error(`employee: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; code: string; mobile: string };
}

export const PASSWORD = 'field-app-secret-42';

/** An employee made a BDE (territory: Maharashtra, Pune, 411001) and signed in to the field app. */
export async function createBde(t: TestApp, territory: object = {}) {
  const employee = await createEmployee(t);
  const res = await t.as('admin', {
    method: 'POST',
    url: '/api/admin/bdes',
    payload: {
      employeeId: employee.id,
      territory: { states: ['Maharashtra'], districts: ['Pune'], pincodes: ['411001'], ...territory },
      monthlyTarget: 10,
      password: PASSWORD,
    },
  });
  if (res.statusCode !== 200) throw new Error(`bde: ${res.statusCode} ${res.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/field/login',
    payload: { mobile: employee.mobile, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`field login: ${login.statusCode} ${login.body}`);
  return { ...employee, token: login.json().token as string };
}

export const asField = (t: TestApp, token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });

export const checkInBody = (extra: object = {}) => ({
  type: 'dealer_visit',
  party: 'Shree Laminates',
  lat: 18.5204,
  lng: 73.8567,
  accuracy: 12,
  place: { state: 'Maharashtra', district: 'Pune', pincode: '411001' },
  note: 'Quarterly stock review',
  ...extra,
});
