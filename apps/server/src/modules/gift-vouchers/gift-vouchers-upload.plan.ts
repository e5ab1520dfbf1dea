import { todayInIndia } from '@app/contract/format';
import {
  VOUCHER_MESSAGES as M,
  rupeesToPaise,
  VOUCHER_CODE,
  VOUCHER_PIN,
  type VoucherUploadColumn,
} from '@app/contract/gift-vouchers';
import { hasForbiddenCharacters, INPUT_MESSAGES } from '@app/contract/input';
import type { RowError } from '@app/contract/uploads';
import type { Executor } from '../../db/client';
import { parseSheetDate, type SheetRow } from '../../lib/sheets';
import { codesInStock } from './gift-vouchers.repository';

export type VoucherSheetRow = SheetRow<VoucherUploadColumn>;

/** A valid row, ready to store (PIN still in clear: it is sealed just before the insert). */
export interface PlannedVoucher {
  row: number;
  brand: string;
  denominationPaise: number;
  code: string;
  pin: string | null;
  expiresOn: string;
}

export interface VoucherUploadPlan {
  vouchers: PlannedVoucher[];
  errors: RowError[];
  rowsTotal: number;
}

const keyOf = (brand: string, code: string) => `${brand.toLowerCase()}\u0000${code}`;

/**
 * Checks every row of a voucher upload: each cell by the single-voucher rules, then duplicates. A
 * brand and code twice in the file refuses both rows, each naming the other's row; one already in
 * stock refuses the row, naming the voucher.
 */
export async function planVoucherUpload(tx: Executor, rows: VoucherSheetRow[]): Promise<VoucherUploadPlan> {
  const errors: RowError[] = [];
  const bad = new Set<number>();
  const fail = (row: number, column: VoucherUploadColumn, message: string) => {
    errors.push({ row, column, message });
    bad.add(row);
  };
  const today = todayInIndia();

  const checked = rows.map((r) => {
    const { Brand, Denomination, Code, PIN, Expiry } = r.values;
    const brand = Brand.replace(/\s+/g, ' ');
    if (!brand) fail(r.row, 'Brand', M.brandRequired);
    else if (brand.length > 60) fail(r.row, 'Brand', M.brandTooLong);
    else if (hasForbiddenCharacters(brand)) fail(r.row, 'Brand', INPUT_MESSAGES.badCharacters);
    const denominationPaise = Denomination === '' ? null : rupeesToPaise(Denomination);
    if (Denomination === '') fail(r.row, 'Denomination', M.denominationRequired);
    else if (denominationPaise === null) fail(r.row, 'Denomination', M.denomination);
    if (!Code) fail(r.row, 'Code', M.codeRequired);
    else if (!VOUCHER_CODE.test(Code)) fail(r.row, 'Code', M.code);
    if (PIN && !VOUCHER_PIN.test(PIN)) fail(r.row, 'PIN', M.pin);
    const expiresOn = Expiry ? parseSheetDate(Expiry) : null;
    if (!Expiry) fail(r.row, 'Expiry', M.expiryRequired);
    else if (!expiresOn) fail(r.row, 'Expiry', M.expiryInvalid);
    else if (expiresOn < today) fail(r.row, 'Expiry', M.expiryPast);
    return { row: r.row, brand, denominationPaise, code: Code, pin: PIN || null, expiresOn };
  });

  const firstRowOf = new Map<string, number>();
  const repeatedFirsts = new Set<number>();
  const unique: { brand: string; code: string }[] = [];
  for (const c of checked) {
    if (!c.brand || !c.code) continue;
    const key = keyOf(c.brand, c.code);
    const first = firstRowOf.get(key);
    if (first === undefined) {
      firstRowOf.set(key, c.row);
      unique.push({ brand: c.brand, code: c.code });
      continue;
    }
    if (!repeatedFirsts.has(first)) fail(first, 'Code', M.repeated(c.row));
    repeatedFirsts.add(first);
    fail(c.row, 'Code', M.repeated(first));
  }

  const inStock = await codesInStock(tx, unique);
  if (inStock.size > 0)
    for (const c of checked) {
      const id = c.brand && c.code ? inStock.get(keyOf(c.brand, c.code)) : undefined;
      if (id !== undefined) fail(c.row, 'Code', M.codeInStock(id));
    }

  const vouchers = checked.flatMap((c) =>
    bad.has(c.row)
      ? []
      : [
          {
            row: c.row,
            brand: c.brand,
            denominationPaise: c.denominationPaise!,
            code: c.code,
            pin: c.pin,
            expiresOn: c.expiresOn!,
          },
        ],
  );
  errors.sort((a, b) => a.row - b.row);
  return { vouchers, errors, rowsTotal: rows.length };
}
