import { reportColumns, reportOf } from '../../../lib/lists/report';
import { kycList } from '../../kyc/kyc.repository';

/** KYC decisions made in the range (undecided rows fall outside any range); numbers masked. */
export const kycDecisionsSource = reportOf(kycList, 'decidedAt', reportColumns('kyc_decisions'), {
  reviewer: 'decidedByName',
});
