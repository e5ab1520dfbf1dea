import {
  type PincodePlace,
  STORE_KIND_LABELS,
  STORE_KINDS,
  STORE_MAP_MAX,
  type StoreMapResult,
  type StoreRow,
} from '@app/contract/stores';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stores } from '../../db/schema/stores';
import { pincodeEntry } from '../../lib/geo/india-pincodes';
import { defineList } from '../../lib/lists/define';
import { bool, conditionsOf, equals, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/** Locator stores, their export and the `stores` report type. */
export const storeList = defineList<StoreRow>({
  columns: {
    id: stores.id,
    code: { sql: stores.code, label: 'Code', width: 12 },
    name: { sql: stores.name, label: 'Name', width: 28 },
    kind: stores.kind,
    contactPerson: { sql: stores.contactPerson, label: 'Contact person', width: 20 },
    phone: { sql: stores.phone, label: 'Phone', width: 16 },
    email: { sql: stores.email, label: 'Email', width: 24 },
    address: { sql: stores.address, label: 'Address', width: 36 },
    city: { sql: stores.city, label: 'City', width: 16 },
    state: { sql: stores.state, label: 'State', width: 16 },
    pincode: { sql: stores.pincode, label: 'PIN code', width: 9 },
    lat: { sql: stores.lat, label: 'Latitude', width: 11 },
    lng: { sql: stores.lng, label: 'Longitude', width: 11 },
    openingHours: { sql: stores.openingHours, label: 'Opening hours', width: 24 },
    active: { sql: stores.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: isoText(stores.createdAt), label: 'Added', format: 'datetime', width: 20 },
    updatedAt: isoText(stores.updatedAt),
  },
  computed: { kind: { label: 'Kind', width: 18, cell: (row) => STORE_KIND_LABELS[row.kind] } },
  from: (db, fields) => db.select(fields).from(stores).$dynamic(),
  filters: {
    q: text(stores.name, stores.code, stores.city, stores.pincode),
    kind: oneOf(stores.kind, STORE_KINDS),
    state: equals(stores.state),
    active: bool(stores.active),
  },
  sort: {
    id: stores.id,
    code: stores.code,
    name: stores.name,
    kind: stores.kind,
    city: stores.city,
    state: stores.state,
    createdAt: stores.createdAt,
  },
  defaultSort: 'name',
  defaultOrder: 'ASC',
  id: stores.id,
});

/** The filtered stores for the map: the list's own filters, at most STORE_MAP_MAX of them. */
export async function storeMapPoints(db: Executor, filter: Record<string, unknown>): Promise<StoreMapResult> {
  const rows = await db
    .select({
      id: stores.id,
      code: stores.code,
      name: stores.name,
      kind: stores.kind,
      city: stores.city,
      lat: stores.lat,
      lng: stores.lng,
      active: stores.active,
    })
    .from(stores)
    .where(and(conditionsOf(storeList.filters, filter)))
    .orderBy(asc(stores.name), asc(stores.id))
    .limit(STORE_MAP_MAX + 1);
  return { points: rows.slice(0, STORE_MAP_MAX), truncated: rows.length > STORE_MAP_MAX };
}

/** Stores by code (an upload's rows), locked for update in id order. */
export const storesByCode = (tx: Executor, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : tx.select().from(stores).where(inArray(stores.code, codes)).orderBy(asc(stores.id)).for('update');

/**
 * A pincode's place: city and state from the active stores at it (the most common pair), else from
 * the bundled pincode directory (`lib/geo`), which also gives the district; nulls when neither has it.
 */
export async function pincodePlace(db: Executor, pincode: string): Promise<PincodePlace> {
  const [row] = await db
    .select({ city: stores.city, state: stores.state, n: count() })
    .from(stores)
    .where(and(eq(stores.pincode, pincode), eq(stores.active, true)))
    .groupBy(stores.city, stores.state)
    .orderBy(desc(count()), asc(stores.city))
    .limit(1);
  const entry = pincodeEntry(pincode);
  return {
    pincode,
    city: row?.city ?? entry?.city ?? null,
    district: entry?.district ?? null,
    state: ((row?.state as PincodePlace['state'] | undefined) ??
      entry?.state ??
      null) as PincodePlace['state'],
  };
}

/** The store record's table and archive column (lib/records). */
export const storeRecord = { table: stores, archive: stores.active };
