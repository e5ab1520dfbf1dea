import type { ModuleContribution } from '../../lib/module-contribution';
import { bankVerificationRoutes } from './bank-verification.routes';
import { kycAppRoutes } from './kyc.app-routes';
import { kycRoutes } from './kyc.routes';

export const kycModule: ModuleContribution = {
  name: 'kyc',
  routes: [kycAppRoutes, kycRoutes, bankVerificationRoutes],
};
