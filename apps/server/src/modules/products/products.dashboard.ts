import { PRODUCTS_PAGE } from '@app/contract/products';
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/products';
import type { DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere } from '../../lib/dashboard/series';

/** Manage Catalogue → Products: the SKUs members see in the app. */
export const productCards: DashboardProvider = {
  pages: [PRODUCTS_PAGE],
  async cards(db) {
    const [row] = await db.select({ active: countWhere(sql`${products.active}`) }).from(products);
    return [
      {
        key: 'catalogue.products',
        label: 'Products in the catalogue',
        value: row?.active ?? 0,
        unit: 'count',
        page: PRODUCTS_PAGE,
        filter: { active: true },
        group: 'Catalogue',
      },
    ];
  },
};
