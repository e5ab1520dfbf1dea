import type { ModuleContribution } from '../../lib/module-contribution';
import { ledgerRoutes } from './ledger.routes';

export const ledgerModule: ModuleContribution = {
  name: 'ledger',
  routes: [ledgerRoutes],
};
