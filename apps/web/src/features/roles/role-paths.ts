import { resourceOf } from '@app/contract/endpoint';
import { rolesEndpoints } from '@app/contract/roles';
import type { Identifier } from 'react-admin';

/** User Roles' page and the views under it. */
export const ROLES_PAGE_PATH = '/dashboard/roles';
export const rolePaths = {
  list: ROLES_PAGE_PATH,
  create: `${ROLES_PAGE_PATH}/create`,
  show: (id: Identifier) => `${ROLES_PAGE_PATH}/${id}`,
  edit: (id: Identifier) => `${ROLES_PAGE_PATH}/${id}/edit`,
};
export const ROLES_RESOURCE = resourceOf(rolesEndpoints.list);
