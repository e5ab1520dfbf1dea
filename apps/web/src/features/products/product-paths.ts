import { resourceOf } from '@app/contract/endpoint';
import { productsEndpoints } from '@app/contract/products';
import { rewardsEndpoints } from '@app/contract/redemptions';
import type { Identifier } from 'react-admin';

export const CATALOGUE_PAGE = '/dashboard/products/catalogue';
export const productPaths = {
  list: CATALOGUE_PAGE,
  rewards: `${CATALOGUE_PAGE}/rewards`,
  create: `${CATALOGUE_PAGE}/create`,
  edit: (id: Identifier) => `${CATALOGUE_PAGE}/${id}/edit`,
};
export const PRODUCTS_RESOURCE = resourceOf(productsEndpoints.list);
export const rewardPaths = {
  list: `${CATALOGUE_PAGE}/rewards`,
  create: `${CATALOGUE_PAGE}/rewards/create`,
  edit: (id: Identifier) => `${CATALOGUE_PAGE}/rewards/${id}/edit`,
};
export const REWARDS_RESOURCE = resourceOf(rewardsEndpoints.list);
