import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { ledgerList } from './ledger.repository';
import { ledgerRoutes } from './ledger.routes';

export const ledgerModule: ModuleContribution = {
  name: 'ledger',
  routes: [ledgerRoutes],
  /** Ledger entries of every kind posted in the range. */
  reportSources: { points_ledger: reportOf(ledgerList, 'createdAt') },
};
