import { resourceOf } from '@app/contract/endpoint';
import { kycEndpoints } from '@app/contract/kyc';
import type { Identifier } from 'react-admin';

export const KYC_PAGE = '/dashboard/approvals/kyc_verification';
export const kycPaths = { queue: KYC_PAGE, review: (id: Identifier) => `${KYC_PAGE}/${id}` };
/** react-admin resource names = API paths under /api. */
export const KYC_QUEUE_RESOURCE = resourceOf(kycEndpoints.queue.list);
export const KYC_HISTORY_RESOURCE = resourceOf(kycEndpoints.history.list);
