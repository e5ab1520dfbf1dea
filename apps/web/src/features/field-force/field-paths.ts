import type { Identifier } from 'react-admin';

export const EMPLOYEES_PATH = '/dashboard/employee';
export const BDES_PATH = '/dashboard/bdeEmployee';
export const employeePaths = {
  list: EMPLOYEES_PATH,
  create: `${EMPLOYEES_PATH}/create`,
  edit: (id: Identifier) => `${EMPLOYEES_PATH}/${id}/edit`,
};
export const bdePaths = {
  list: BDES_PATH,
  create: `${BDES_PATH}/create`,
  show: (id: Identifier) => `${BDES_PATH}/${id}`,
};
export const EMPLOYEES_RESOURCE = 'admin/employees';
export const BDES_RESOURCE = 'admin/bdes';
export const BDE_MEMBERS_RESOURCE = 'admin/bde-members';
export const VISITS_RESOURCE = 'admin/field-visits';
