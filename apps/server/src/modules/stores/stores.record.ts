import { STORE_ENTITY, STORE_MESSAGES } from '@app/contract/stores';
import { recordWrites } from '../../lib/records';
import { storeList, storeRecord } from './stores.repository';

/** A store as a simple record: what its routes and the integration API's upsert share. */
export const storeRecordOptions = {
  entity: STORE_ENTITY,
  label: 'Store',
  ...storeRecord,
  list: storeList,
  unique: { stores_code_unique: { field: 'code', message: STORE_MESSAGES.codeTaken } },
};

/** Create and edit a store (one transaction each, audited), as Locator does. */
export const storeWrites = recordWrites(storeRecordOptions);
