import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const storeKind = pgEnum('store_kind', ['dealer', 'distributor', 'experience_centre', 'branch']);

/**
 * Locator stores (PRODUCT.md §3.7). Coordinates are WGS 84 degrees inside India's bounding box
 * (contract maps.ts). `stores_geo_idx` serves the member API's nearest stores: a GiST index on the
 * point (lng, lat) of active stores answers the widening bounding box of modules/stores
 * (stores.nearest.ts) without PostGIS.
 */
export const stores = pgTable(
  'stores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Upper-case code; an upload row with a known code updates that store. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: storeKind('kind').notNull(),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    openingHours: text('opening_hours').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_geo_idx').using('gist', sql`point(${t.lng}, ${t.lat})`).where(sql`${t.active}`),
    index('stores_name_idx').on(t.name, t.id),
    index('stores_state_idx').on(t.state, t.name),
  ],
);
