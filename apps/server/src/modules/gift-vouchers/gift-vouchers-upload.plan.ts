import { todayInIndia } from '@app/contract/format';
import {
  VOUCHER_MESSAGES as M,
  VOUCHER_UPLOAD_COLUMNS,
  type VoucherUploadColumn,
} from '@app/contract/gift-vouchers';
import type { RowError } from '@app/contract/uploads';
import pLimit from 'p-limit';
import type { Executor } from '../../db/client';
import type { SheetChunk, SheetRow } from '../../lib/sheets';
import { codesInStock, copyLine, type NewVoucher } from './gift-vouchers.repository';
import {
  type CellError,
  checkBrand,
  checkCode,
  checkDenomination,
  checkExpiry,
  checkPin,
  remembered,
} from './gift-vouchers-upload.checks';

export type VoucherSheetRow = SheetRow<VoucherUploadColumn>;

/** A checked row: what it would store (PIN already sealed), and its sheet row. */
export interface PlannedVoucher extends NewVoucher {
  row: number;
  /** Its COPY text (copyLine), made while the sheet is still being read. */
  line: string;
}

export interface VoucherUploadPlan {
  vouchers: PlannedVoucher[];
  errors: RowError[];
  rowsTotal: number;
  /** The refused rows as uploaded, for the error report. */
  badRows: VoucherSheetRow[];
}

type Checked = Omit<PlannedVoucher, 'denominationPaise' | 'expiresOn'> & {
  denominationPaise: number | null;
  expiresOn: string | null;
};

const keyOf = (brand: string, code: string) => `${brand.toLowerCase()}\u0000${code}`;

/** Pairs per stock lookup; at most two lookups at once, the database pool serves everyone else. */
const LOOKUP_BATCH = 5_000;
const indexOf = (column: VoucherUploadColumn) => VOUCHER_UPLOAD_COLUMNS.indexOf(column);
const [BRAND, DENOMINATION, CODE, PIN, EXPIRY] = [
  indexOf('Brand'),
  indexOf('Denomination'),
  indexOf('Code'),
  indexOf('PIN'),
  indexOf('Expiry'),
];
const WIDTH = VOUCHER_UPLOAD_COLUMNS.length;

/**
 * Checks a voucher upload chunk by chunk as the sheet is read: each cell by the single-voucher
 * rules, then duplicates. A brand and code twice in the file refuses both rows, each naming the
 * other's row; one already in stock refuses the row, naming the voucher. Stock is looked up (read
 * only, no transaction) while the file is still being read; `finish` waits for the last lookups.
 */
export class VoucherPlanner {
  private readonly errors: RowError[] = [];
  private readonly bad = new Set<number>();
  private readonly checked: Checked[] = [];
  private readonly chunks: SheetChunk[] = [];
  private readonly firstRowOf = new Map<string, number>();
  private readonly repeatedFirsts = new Set<number>();
  private readonly inStock = new Map<string, number>();
  private readonly lookups: Promise<void>[] = [];
  private pending: { brand: string; code: string }[] = [];
  private readonly slot = pLimit(2);
  private readonly brand = remembered(checkBrand);
  private readonly denomination = remembered(checkDenomination);
  private readonly expiry = remembered(checkExpiry(todayInIndia()));

  /** Chunks come with their PINs sealed (readVoucherSheet): the plan's vouchers are ready to store. */
  constructor(private readonly db: Executor) {}

  private fail(row: number, [column, message]: NonNullable<CellError>) {
    this.errors.push({ row, column, message });
    this.bad.add(row);
  }

  /** Checks a chunk of rows and queues their codes for the stock lookup. */
  add(chunk: SheetChunk) {
    this.chunks.push(chunk);
    const { rows, cells, sealed } = chunk;
    for (let i = 0, at = 0; i < rows.length; i++, at += WIDTH) {
      const row = rows[i]!;
      const [brand, brandError] = this.brand(cells[at + BRAND]!);
      const [denominationPaise, denominationError] = this.denomination(cells[at + DENOMINATION]!);
      const code = cells[at + CODE]!;
      const pin = cells[at + PIN]!;
      const [expiresOn, expiryError] = this.expiry(cells[at + EXPIRY]!);
      const codeError = checkCode(code);
      const pinError = checkPin(pin);
      // In the template's column order, as the report lists them.
      if (brandError || denominationError || codeError || pinError || expiryError)
        for (const error of [brandError, denominationError, codeError, pinError, expiryError])
          if (error) this.fail(row, error);
      // The reader sealed every PIN given; one that fails its check is never stored.
      const pinCipher = pin ? sealed![i]! : null;
      const checked: Checked = {
        row,
        brand,
        denominationPaise,
        code,
        pinCipher,
        pinLength: pin ? pin.length : null,
        expiresOn,
        line: '',
      };
      if (!this.bad.has(row)) checked.line = copyLine(checked as PlannedVoucher);
      this.checked.push(checked);
      if (brand && code) this.findRepeat(row, brand, code);
    }
    this.lookUp(false);
  }

  private findRepeat(row: number, brand: string, code: string) {
    const key = keyOf(brand, code);
    const first = this.firstRowOf.get(key);
    if (first === undefined) {
      this.firstRowOf.set(key, row);
      this.pending.push({ brand, code });
      return;
    }
    if (!this.repeatedFirsts.has(first)) this.fail(first, ['Code', M.repeated(row)]);
    this.repeatedFirsts.add(first);
    this.fail(row, ['Code', M.repeated(first)]);
  }

  private lookUp(last: boolean) {
    while (this.pending.length >= LOOKUP_BATCH || (last && this.pending.length > 0)) {
      const pairs = this.pending.splice(0, LOOKUP_BATCH);
      const lookup = this.slot(() => codesInStock(this.db, pairs)).then((found) => {
        for (const [key, id] of found) this.inStock.set(key, id);
      });
      // Awaited in finish; until then a failure must not count as unhandled.
      lookup.catch(() => {});
      this.lookups.push(lookup);
    }
  }

  async finish(): Promise<VoucherUploadPlan> {
    this.lookUp(true);
    await Promise.all(this.lookups);
    if (this.inStock.size > 0)
      for (const c of this.checked) {
        const id = c.brand && c.code ? this.inStock.get(keyOf(c.brand, c.code)) : undefined;
        if (id !== undefined) this.fail(c.row, ['Code', M.codeInStock(id)]);
      }
    const vouchers = this.checked.filter((c): c is PlannedVoucher => !this.bad.has(c.row));
    this.errors.sort((a, b) => a.row - b.row);
    return { vouchers, errors: this.errors, rowsTotal: this.checked.length, badRows: this.badRows() };
  }

  private badRows(): VoucherSheetRow[] {
    if (this.bad.size === 0) return [];
    return this.chunks.flatMap(({ rows, cells }) =>
      rows.flatMap((row, i) =>
        this.bad.has(row)
          ? [
              {
                row,
                values: Object.fromEntries(
                  VOUCHER_UPLOAD_COLUMNS.map((c, j) => [c, cells[i * WIDTH + j]!]),
                ) as VoucherSheetRow['values'],
              },
            ]
          : [],
      ),
    );
  }
}
