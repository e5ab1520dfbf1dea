import { resourceOf } from '@app/contract/endpoint';
import { staffEndpoints } from '@app/contract/staff';
import type { Identifier } from 'react-admin';

/** Manage Admin's page and the views under it (the shell hands the page every path below it). */
export const STAFF_PAGE = '/dashboard/manageadmin';
export const staffPaths = {
  list: STAFF_PAGE,
  create: `${STAFF_PAGE}/create`,
  audit: `${STAFF_PAGE}/audit`,
  signIns: `${STAFF_PAGE}/sign-ins`,
  show: (id: Identifier) => `${STAFF_PAGE}/${id}`,
  edit: (id: Identifier) => `${STAFF_PAGE}/${id}/edit`,
};
/** react-admin resource name = API path under /api. */
export const STAFF_RESOURCE = resourceOf(staffEndpoints.list);
