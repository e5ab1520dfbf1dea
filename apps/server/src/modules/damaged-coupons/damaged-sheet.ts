import { DAMAGED_UPLOAD_COLUMNS, MAX_DAMAGED_PER_REPORT } from '@app/contract/damaged-coupons';
import { readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';

export type DamagedSheetRow = SheetRow<(typeof DAMAGED_UPLOAD_COLUMNS)[number]>;

/** The first sheet's "Code" and/or "Serial" column, one coupon per row. */
export const readCouponList = (content: Buffer): Promise<DamagedSheetRow[]> =>
  readSheet(content, DAMAGED_UPLOAD_COLUMNS, { anyOf: true });

export const damagedTemplate = () =>
  templateWorkbook({
    sheet: 'Damaged coupons',
    columns: DAMAGED_UPLOAD_COLUMNS,
    examples: [['', 1001]],
    instructions: [
      'One damaged coupon per row: its Code (as printed under the QR) or its Serial; one of the two is enough.',
      `At most ${MAX_DAMAGED_PER_REPORT.toLocaleString('en-IN')} coupons per report. A coupon listed twice is an error.`,
      'The reason, note and photo are chosen on the page and apply to the whole list.',
      'A file with errors reports nothing unless you choose "Apply valid rows". Replace the example row.',
    ],
  });
