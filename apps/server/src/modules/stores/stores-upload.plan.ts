import { INDIAN_STATES } from '@app/contract/members';
import {
  STORE_MESSAGES as M,
  STORE_KIND_LABELS,
  STORE_KINDS,
  type StoreCreateBody,
  type StoreKind,
  type StoreUploadColumn,
  storeCreateBody,
} from '@app/contract/stores';
import type { RowError } from '@app/contract/uploads';
import type { SheetRow } from '../../lib/sheets';

export type StoreSheetRow = SheetRow<StoreUploadColumn>;

/** A valid row: the store's values as the form would send them, and whether it is active. */
export interface PlannedStore {
  row: number;
  values: StoreCreateBody;
  active: boolean;
}

export interface StoreUploadPlan {
  stores: PlannedStore[];
  errors: RowError[];
  rowsTotal: number;
}

/** The sheet's column of each field of the form's schema (its errors are reported there). */
const COLUMN_OF: Record<keyof StoreCreateBody, StoreUploadColumn> = {
  code: 'Code',
  name: 'Name',
  kind: 'Kind',
  contactPerson: 'Contact person',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'PIN code',
  lat: 'Latitude',
  lng: 'Longitude',
  openingHours: 'Opening hours',
};

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
const KIND_BY_TEXT = new Map<string, StoreKind>(
  STORE_KINDS.flatMap((k) => [
    [squash(k), k],
    [squash(STORE_KIND_LABELS[k]), k],
  ]),
);
const STATE_BY_TEXT = new Map<string, string>(INDIAN_STATES.map((s) => [squash(s), s]));

/** A decimal number as a sheet cell gives it; anything else stays text so the schema refuses it. */
const numberOf = (raw: string): number | string => (/^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw);

/** Yes/no as people type it; blank is active (a new store is). */
function activeOf(raw: string): boolean | undefined {
  const v = raw.trim().toLowerCase();
  if (v === '' || ['yes', 'y', 'true', '1', 'active'].includes(v)) return true;
  if (['no', 'n', 'false', '0', 'inactive'].includes(v)) return false;
  return undefined;
}

/**
 * Checks every row of a store upload with the form's own schema (storeCreateBody): kinds and states
 * match case-insensitively, coordinates must lie in India's bounding box. The same code on two rows
 * is ambiguous (which row wins?), so both are refused.
 */
export function planStoreUpload(rows: StoreSheetRow[]): StoreUploadPlan {
  const errors: RowError[] = [];
  const bad = new Set<number>();
  const fail = (row: number, column: StoreUploadColumn, message: string) => {
    errors.push({ row, column, message });
    bad.add(row);
  };
  const planned: PlannedStore[] = [];
  const firstRowOf = new Map<string, number>();
  const repeatedFirsts = new Set<number>();
  for (const r of rows) {
    const v = r.values;
    const candidate = {
      code: v.Code,
      name: v.Name,
      kind: KIND_BY_TEXT.get(squash(v.Kind)) ?? v.Kind,
      contactPerson: v['Contact person'],
      phone: v.Phone,
      email: v.Email,
      address: v.Address,
      city: v.City,
      state: STATE_BY_TEXT.get(squash(v.State)) ?? v.State,
      pincode: v['PIN code'],
      lat: v.Latitude.trim() === '' ? undefined : numberOf(v.Latitude),
      lng: v.Longitude.trim() === '' ? undefined : numberOf(v.Longitude),
      openingHours: v['Opening hours'],
    };
    const parsed = storeCreateBody.safeParse(candidate);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = COLUMN_OF[issue.path[0] as keyof StoreCreateBody] ?? 'Code';
        if (seen.has(column)) continue;
        seen.add(column);
        fail(r.row, column, issue.message);
      }
    }
    const active = activeOf(v.Active);
    if (active === undefined) fail(r.row, 'Active', M.active);
    const code = parsed.success ? parsed.data.code : v.Code.trim().toUpperCase();
    if (code) {
      const first = firstRowOf.get(code);
      if (first === undefined) firstRowOf.set(code, r.row);
      else {
        if (!repeatedFirsts.has(first)) fail(first, 'Code', M.repeated(r.row));
        repeatedFirsts.add(first);
        fail(r.row, 'Code', M.repeated(first));
      }
    }
    if (parsed.success && active !== undefined) planned.push({ row: r.row, values: parsed.data, active });
  }
  errors.sort((a, b) => a.row - b.row);
  return { stores: planned.filter((p) => !bad.has(p.row)), errors, rowsTotal: rows.length };
}
