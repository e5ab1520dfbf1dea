import type { Identifier } from 'react-admin';

export const CATALOGUE_PAGE = '/dashboard/products/catalogue';
export const productPaths = {
  list: CATALOGUE_PAGE,
  rewards: `${CATALOGUE_PAGE}/rewards`,
  create: `${CATALOGUE_PAGE}/create`,
  edit: (id: Identifier) => `${CATALOGUE_PAGE}/${id}/edit`,
};
export const PRODUCTS_RESOURCE = 'admin/products';
export const rewardPaths = {
  list: `${CATALOGUE_PAGE}/rewards`,
  create: `${CATALOGUE_PAGE}/rewards/create`,
  edit: (id: Identifier) => `${CATALOGUE_PAGE}/rewards/${id}/edit`,
};
export const REWARDS_RESOURCE = 'admin/rewards';
