import { reportColumns, reportOf } from '../../../lib/lists/report';
import { ledgerList } from '../../ledger/ledger.repository';

/** Ledger entries of every kind posted in the range. */
export const pointsLedgerSource = reportOf(ledgerList, 'createdAt', reportColumns('points_ledger'));
