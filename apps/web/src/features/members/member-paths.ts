import type { Identifier } from 'react-admin';

/** All Users and the views under it (the shell hands the page every path below it). */
export const USERS_PAGE = '/dashboard/users';
export const memberPaths = {
  list: USERS_PAGE,
  adjustments: `${USERS_PAGE}/adjustments`,
  show: (id: Identifier) => `${USERS_PAGE}/${id}`,
};
/** react-admin resource names = API paths under /api. */
export const MEMBERS_RESOURCE = 'admin/users';
export const PENDING_RESOURCE = 'admin/pending-users';
export const REJECTED_RESOURCE = 'admin/rejected-users';
export const ADJUSTMENTS_RESOURCE = 'admin/adjustments';
