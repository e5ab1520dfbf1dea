import { z } from 'zod';
import { endpoint } from './endpoint';
import { recordEndpoints, uploadEndpoints } from './endpoint-kits';
import { text } from './input';
import { listQuery } from './list';
import { INDIA_BOUNDS } from './maps';
import { INDIAN_STATES } from './members';
import { uploadResult } from './uploads';

/** Locator (PRODUCT.md §3.7): the stores members find in the app, nearest first. */
export const LOCATOR_PAGE = '/dashboard/locator';
export const STORE_ENTITY = 'store';

export const STORE_KINDS = ['dealer', 'distributor', 'experience_centre', 'branch'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
export const STORE_KIND_LABELS: Record<StoreKind, string> = {
  dealer: 'Dealer',
  distributor: 'Distributor',
  experience_centre: 'Experience centre',
  branch: 'Branch',
};

export const STORE_MESSAGES = {
  codeRequired: 'Store code is required',
  codeFormat: 'Store code: 2 to 32 letters, digits, dashes or underscores',
  codeTaken: 'A store with this code already exists',
  nameRequired: 'Store name is required',
  kind: 'Choose dealer, distributor, experience centre or branch',
  contactRequired: 'Contact person is required',
  phone: 'Enter a phone number: 8 to 15 digits, with an optional + and spaces or dashes',
  email: 'Enter a valid email address',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  state: 'Choose an Indian state or union territory',
  pincode: 'Enter a 6-digit PIN code',
  latitude: `Latitude: a number from ${INDIA_BOUNDS.minLat} to ${INDIA_BOUNDS.maxLat} (India)`,
  longitude: `Longitude: a number from ${INDIA_BOUNDS.minLng} to ${INDIA_BOUNDS.maxLng} (India)`,
  active: 'Active: yes or no',
  repeated: (row: number) => `The same store code is also on row ${row}`,
  // Member API: any point on Earth may ask; stores are in India.
  queryLat: 'A latitude: a number from -90 to 90',
  queryLng: 'A longitude: a number from -180 to 180',
  queryLimit: 'A whole number from 1 to 50',
} as const;

export const storeCode = text(32, { required: STORE_MESSAGES.codeRequired })
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/, STORE_MESSAGES.codeFormat));

const phone = text(20, { required: STORE_MESSAGES.phone, tooLong: STORE_MESSAGES.phone }).refine(
  (s) =>
    /^\+?[0-9][0-9 -]*[0-9]$/.test(s) &&
    s.replace(/\D/g, '').length >= 8 &&
    s.replace(/\D/g, '').length <= 15,
  STORE_MESSAGES.phone,
);
const email = text(254, { tooLong: STORE_MESSAGES.email }).refine(
  (s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  STORE_MESSAGES.email,
);
export const storeLatitude = z
  .number({ error: STORE_MESSAGES.latitude })
  .refine((v) => Number.isFinite(v) && v >= INDIA_BOUNDS.minLat && v <= INDIA_BOUNDS.maxLat, {
    message: STORE_MESSAGES.latitude,
  });
export const storeLongitude = z
  .number({ error: STORE_MESSAGES.longitude })
  .refine((v) => Number.isFinite(v) && v >= INDIA_BOUNDS.minLng && v <= INDIA_BOUNDS.maxLng, {
    message: STORE_MESSAGES.longitude,
  });

/** What a store is made of, on the form and in each row of an upload. */
export const storeFields = {
  name: text(120, { required: STORE_MESSAGES.nameRequired }),
  kind: z.enum(STORE_KINDS, { error: STORE_MESSAGES.kind }),
  contactPerson: text(120, { required: STORE_MESSAGES.contactRequired }),
  phone,
  email,
  address: text(300, { required: STORE_MESSAGES.addressRequired, multiline: true }),
  city: text(80, { required: STORE_MESSAGES.cityRequired }),
  state: z.enum(INDIAN_STATES, { error: STORE_MESSAGES.state }),
  pincode: text(6, { required: STORE_MESSAGES.pincode, tooLong: STORE_MESSAGES.pincode }).regex(
    /^[1-9]\d{5}$/,
    STORE_MESSAGES.pincode,
  ),
  lat: storeLatitude,
  lng: storeLongitude,
  openingHours: text(200),
};

export const storeCreateBody = z.object({ code: storeCode, ...storeFields });
export type StoreCreateBody = z.infer<typeof storeCreateBody>;
/** An edit changes only the fields given; the code stays (uploads find the store by it). */
export const storeUpdateBody = z.object(storeFields).partial();
export type StoreUpdateBody = z.infer<typeof storeUpdateBody>;

export const storeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  contactPerson: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  lat: z.number(),
  lng: z.number(),
  openingHours: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreRow = z.infer<typeof storeRow>;

/** Filters of the store list (`filter={...}`): `q` searches name, code, city and PIN code. */
export interface StoreFilter {
  q?: string;
  kind?: StoreKind;
  state?: string;
  active?: boolean;
}

/** The filtered stores on the Locator's map: at most MAP_POINTS_MAX, `truncated` when there are more. */
export const STORE_MAP_MAX = 5000;
export const storeMapPoint = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  active: z.boolean(),
});
export type StoreMapPoint = z.infer<typeof storeMapPoint>;
export const storeMapResult = z.object({ points: z.array(storeMapPoint), truncated: z.boolean() });
export type StoreMapResult = z.infer<typeof storeMapResult>;

/** Spreadsheet upload: a row whose code exists updates that store, a new code adds one. */
export const STORE_UPLOAD_COLUMNS = [
  'Code',
  'Name',
  'Kind',
  'Contact person',
  'Phone',
  'Email',
  'Address',
  'City',
  'State',
  'PIN code',
  'Latitude',
  'Longitude',
  'Opening hours',
  'Active',
] as const;
export type StoreUploadColumn = (typeof STORE_UPLOAD_COLUMNS)[number];

export const storeUploadResult = uploadResult.extend({
  /** Of the applied rows: new stores and updated ones. */
  created: z.number().int(),
  updated: z.number().int(),
});
export type StoreUploadResult = z.infer<typeof storeUploadResult>;

/** Member API: `GET /api/app/stores/nearest?lat=&lng=&limit=`. */
export const NEAREST_DEFAULT_LIMIT = 10;
export const NEAREST_MAX_LIMIT = 50;
const decimal = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/, message)
    .transform(Number)
    .refine((v) => v >= min && v <= max, message);
export const nearestStoresQuery = z.object({
  lat: decimal(STORE_MESSAGES.queryLat, -90, 90),
  lng: decimal(STORE_MESSAGES.queryLng, -180, 180),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, STORE_MESSAGES.queryLimit)
    .transform(Number)
    .refine((v) => v >= 1 && v <= NEAREST_MAX_LIMIT, STORE_MESSAGES.queryLimit)
    .optional(),
});
/** A store as the member app sees it: the list row without its bookkeeping, plus its distance. */
export const nearestStore = storeRow.omit({ active: true, createdAt: true, updatedAt: true }).extend({
  /** Great-circle distance from the asked point, in km (3 decimals). */
  distanceKm: z.number(),
});
export type NearestStore = z.infer<typeof nearestStore>;
export const nearestStoresResult = z.object({ stores: z.array(nearestStore) });

/**
 * A pincode's city, district and state: city and state from the active stores at that
 * pincode (the most common pair) when a store has it, otherwise from India Post's pincode directory
 * bundled on the server (GeoNames' copy, one row per pincode); district from the directory. All null
 * for a pincode neither knows.
 */
export const pincodeParams = z.object({
  pincode: z.string().regex(/^[1-9]\d{5}$/, 'Enter the 6-digit pincode'),
});
export const pincodePlace = z.object({
  pincode: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.enum(INDIAN_STATES).nullable(),
});
export type PincodePlace = z.infer<typeof pincodePlace>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['stores'] as const;
const manage = { action: 'stores.manage' } as const;

/** Locator: stores (list, export, create, edit, deactivate), their map, the spreadsheet upload. */
export const storesEndpoints = {
  ...recordEndpoints('/admin/stores', {
    page: LOCATOR_PAGE,
    manage: 'stores.manage',
    row: storeRow,
    create: storeCreateBody,
    update: storeUpdateBody,
    summary: 'Stores',
    tags,
    archive: true,
  }),
  map: endpoint({
    method: 'GET',
    path: '/admin/stores/map',
    access: { page: LOCATOR_PAGE },
    tags,
    summary: 'The filtered stores on the map (the list’s filter; at most 5,000)',
    query: listQuery.pick({ filter: true }),
    response: storeMapResult,
  }),
  upload: uploadEndpoints(
    {
      upload: '/admin/stores/upload',
      template: '/admin/stores/template',
      errors: '/admin/stores/upload/errors',
    },
    {
      access: { page: LOCATOR_PAGE },
      write: manage,
      tags,
      summary:
        'Add or update stores from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
      result: storeUploadResult,
    },
  ),
};

/** The member app's store locator. */
export const storesAppEndpoints = {
  nearest: endpoint({
    method: 'GET',
    path: '/app/stores/nearest',
    access: 'member',
    tags: ['member app'],
    summary: 'The nearest active stores to a point, with great-circle distance in km',
    query: nearestStoresQuery,
    response: nearestStoresResult,
  }),
  /** Public: the registration form asks it before the member has a session. */
  pincode: endpoint({
    method: 'GET',
    path: '/app/pincodes/:pincode',
    access: 'public',
    tags: ['member app'],
    summary: 'The city and state of a pincode, from the stores at it (nulls when none)',
    params: pincodeParams,
    response: pincodePlace,
  }),
};
