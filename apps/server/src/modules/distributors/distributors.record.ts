import { DISTRIBUTOR_ENTITY, INVOICE_MESSAGES } from '@app/contract/invoices';
import { recordWrites } from '../../lib/records';
import { distributorList, distributorRecord } from './distributors.repository';

/** A distributor as a simple record: what its routes and the integration API's upsert share. */
export const distributorRecordOptions = {
  entity: DISTRIBUTOR_ENTITY,
  label: 'Distributor',
  ...distributorRecord,
  list: distributorList,
  unique: { distributors_code_unique: { field: 'code', message: INVOICE_MESSAGES.codeTaken } },
};

/** Create and edit a distributor (one transaction each, audited), as the Invoice page does. */
export const distributorWrites = recordWrites(distributorRecordOptions);
