import { bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** SKUs (Manage Catalogue → Products): what a coupon is stuck on and how many points a scan earns. */
export const products = pgTable('products', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Upper-case code that invoices and uploads refer to. */
  sku: text('sku').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  unit: text('unit').notNull(),
  basePoints: integer('base_points').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
