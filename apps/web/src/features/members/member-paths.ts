import { adjustmentsEndpoints } from '@app/contract/adjustments';
import { resourceOf } from '@app/contract/endpoint';
import { memberApprovalsEndpoints, membersEndpoints } from '@app/contract/members-endpoints';
import { privacyEndpoints } from '@app/contract/privacy';
import type { Identifier } from 'react-admin';

/** All Users and the views under it (the shell hands the page every path below it). */
export const USERS_PAGE = '/dashboard/users';
export const memberPaths = {
  list: USERS_PAGE,
  adjustments: `${USERS_PAGE}/adjustments`,
  privacy: `${USERS_PAGE}/privacy`,
  breaches: `${USERS_PAGE}/breaches`,
  retention: `${USERS_PAGE}/retention`,
  segments: `${USERS_PAGE}/segments`,
  show: (id: Identifier) => `${USERS_PAGE}/${id}`,
};
/** react-admin resource names = the contract lists' paths under /api. */
export const MEMBERS_RESOURCE = resourceOf(membersEndpoints.list);
export const PENDING_RESOURCE = resourceOf(memberApprovalsEndpoints.pending.list);
export const REJECTED_RESOURCE = resourceOf(memberApprovalsEndpoints.rejected.list);
export const ADJUSTMENTS_RESOURCE = resourceOf(adjustmentsEndpoints.list);
export const PRIVACY_REQUESTS_RESOURCE = resourceOf(privacyEndpoints.requests.list);
export const BREACHES_RESOURCE = resourceOf(privacyEndpoints.breaches.list);
