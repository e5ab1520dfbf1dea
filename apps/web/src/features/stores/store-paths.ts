import { resourceOf } from '@app/contract/endpoint';
import { LOCATOR_PAGE, storesEndpoints } from '@app/contract/stores';
import type { Identifier } from 'react-admin';

export const storePaths = {
  list: LOCATOR_PAGE,
  create: `${LOCATOR_PAGE}/create`,
  edit: (id: Identifier) => `${LOCATOR_PAGE}/${id}/edit`,
};
export const STORES_RESOURCE = resourceOf(storesEndpoints.list);
