import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every scan attempt of the member app, whatever its result (PRODUCT.md 3.4). A coupon has at most
 * one successful scan: the partial unique index makes that a property of the data, not only of code.
 */
export const couponScans = pgTable(
  'coupon_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    /** What was sent, normalised and cut to 40 characters. */
    code: text('code').notNull(),
    couponSerial: bigint('coupon_serial', { mode: 'number' }),
    batchId: integer('batch_id'),
    productId: integer('product_id'),
    distributorId: integer('distributor_id'),
    /** contract SCAN_RESULTS: success | invalid_code | … | outside_distributor_state | scans_locked */
    result: text('result').notNull(),
    points: integer('points'),
    ledgerEntryId: integer('ledger_entry_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The state the app reports the scan from (stored, not trusted). */
    state: text('state'),
    /** The state the server decides from latitude/longitude (lib/geo); null without coordinates. */
    geoState: text('geo_state'),
    /** Fraud flags on a credited scan: too_many_per_hour, outside_distributor_state. */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_scans_one_success').on(t.couponSerial).where(sql`${t.result} = 'success'`),
    index('coupon_scans_created_idx').on(t.createdAt, t.id),
    index('coupon_scans_member_idx').on(t.memberId, t.createdAt),
    // Failed attempts only: "success" is most rows, found well enough in id order, and each
    // successful scan then writes one index entry fewer (~2.5% of a scan).
    index('coupon_scans_result_idx').on(t.result, t.id).where(sql`${t.result} <> 'success'`),
  ],
);
