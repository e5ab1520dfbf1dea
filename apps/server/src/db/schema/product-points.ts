import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './products';

/**
 * Update Scheme Points: a SKU's base points from an instant on. Rows are never changed; the row with
 * the latest `effective_from` not after now is in force (ties: the later id). Without any row in force
 * the catalogue's `products.base_points` applies. The table is the history.
 */
export const productPoints = pgTable(
  'product_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    points: integer('points').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_points_product_idx').on(t.productId, t.effectiveFrom)],
);
