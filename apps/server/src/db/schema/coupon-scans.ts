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
    /**
     * The id the member app keeps for the phone (localStorage), as sent; stored, and counted by the
     * device cluster fraud rule (members scanning from one device). Null when the app sent none.
     */
    deviceId: text('device_id'),
    /**
     * The scan's cell on a 0.01° grid (scan_geo_cell(latitude, longitude)), null without coordinates:
     * the location cluster fraud rule looks up the cells around a scan on its index, never a range scan.
     */
    geoCell: integer('geo_cell'),
    /** Fraud flags on a credited scan: too_many_per_hour, outside_distributor_state, shared_device, location_cluster. */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_scans_one_success').on(t.couponSerial).where(sql`${t.result} = 'success'`),
    index('coupon_scans_created_idx').on(t.createdAt, t.id),
    index('coupon_scans_member_idx').on(t.memberId, t.createdAt),
    // The cluster fraud rule's look-ups: successful scans of one device, of one grid cell.
    index('coupon_scans_device_idx')
      .on(t.deviceId, t.createdAt)
      .where(sql`${t.deviceId} is not null and ${t.result} = 'success'`),
    index('coupon_scans_geo_cell_idx')
      .on(t.geoCell, t.createdAt)
      .where(sql`${t.geoCell} is not null and ${t.result} = 'success'`),
    // Failed attempts only: "success" is most rows, found well enough in id order, and each
    // successful scan then writes one index entry fewer (~2.5% of a scan).
    index('coupon_scans_result_idx').on(t.result, t.id).where(sql`${t.result} <> 'success'`),
  ],
);
