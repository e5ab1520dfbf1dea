import { bdesEndpoints, employeesEndpoints } from '@app/contract/employees';
import { resourceOf } from '@app/contract/endpoint';
import { fieldVisitsEndpoints } from '@app/contract/field';
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
export const EMPLOYEES_RESOURCE = resourceOf(employeesEndpoints.list);
export const BDES_RESOURCE = resourceOf(bdesEndpoints.list);
export const BDE_MEMBERS_RESOURCE = resourceOf(bdesEndpoints.members.list);
export const VISITS_RESOURCE = resourceOf(fieldVisitsEndpoints.list);
