import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { bankVerificationRoutes } from './bank-verification.routes';
import { kycAppRoutes } from './kyc.app-routes';
import { kycList } from './kyc.repository';
import { kycRoutes } from './kyc.routes';

export const kycModule: ModuleContribution = {
  name: 'kyc',
  routes: [kycAppRoutes, kycRoutes, bankVerificationRoutes],
  reportSources: {
    /** KYC decisions made in the range (undecided rows fall outside any range); numbers masked. */
    kyc_decisions: reportOf(kycList, 'decidedAt'),
  },
};
