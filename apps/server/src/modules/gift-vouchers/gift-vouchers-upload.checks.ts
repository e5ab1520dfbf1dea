import {
  VOUCHER_MESSAGES as M,
  rupeesToPaise,
  VOUCHER_CODE,
  VOUCHER_PIN,
  type VoucherUploadColumn,
} from '@app/contract/gift-vouchers';
import { hasForbiddenCharacters, INPUT_MESSAGES } from '@app/contract/input';
import { parseSheetDate } from '../../lib/sheets';

/** The cell checks of a voucher upload, the single-voucher rules: each gives its value and error. */
export type CellError = readonly [VoucherUploadColumn, string] | null;

/** A check of one cell text, done once per distinct text: brands, amounts and dates repeat a lot. */
export function remembered<T>(check: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    let result = seen.get(text);
    if (result === undefined) {
      result = check(text);
      seen.set(text, result);
    }
    return result;
  };
}

export const checkBrand = (raw: string): [string, CellError] => {
  const brand = raw.replace(/\s+/g, ' ');
  if (!brand) return [brand, ['Brand', M.brandRequired]];
  if (brand.length > 60) return [brand, ['Brand', M.brandTooLong]];
  if (hasForbiddenCharacters(brand)) return [brand, ['Brand', INPUT_MESSAGES.badCharacters]];
  return [brand, null];
};

export const checkDenomination = (raw: string): [number | null, CellError] => {
  if (raw === '') return [null, ['Denomination', M.denominationRequired]];
  const paise = rupeesToPaise(raw);
  return [paise, paise === null ? ['Denomination', M.denomination] : null];
};

export const checkExpiry =
  (today: string) =>
  (raw: string): [string | null, CellError] => {
    if (!raw) return [null, ['Expiry', M.expiryRequired]];
    const expiresOn = parseSheetDate(raw);
    if (!expiresOn) return [null, ['Expiry', M.expiryInvalid]];
    return [expiresOn, expiresOn < today ? ['Expiry', M.expiryPast] : null];
  };

export const checkCode = (code: string): CellError =>
  !code ? ['Code', M.codeRequired] : VOUCHER_CODE.test(code) ? null : ['Code', M.code];

export const checkPin = (pin: string): CellError => (pin && !VOUCHER_PIN.test(pin) ? ['PIN', M.pin] : null);
