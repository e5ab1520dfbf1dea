import type { RowError } from '@app/contract/uploads';
import ExcelJS from 'exceljs';
import type { SheetRow } from './sheet-upload/read-xlsx';
import type { SheetChunk } from './sheet-upload/stream-xlsx';
import { type CellValue, xlsxBuffer } from './xlsx-writer';

export { readSheet, streamSheet } from './sheet-upload/sheet-pool';
/**
 * Spreadsheet uploads (invoices, scheme points, damaged coupons): the templates and error reports
 * they write, and their date cells. Reading is sheet-upload/sheet-pool.ts (in worker threads).
 */
export type { SheetChunk, SheetRow };

/** Excel counts days from 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY or an Excel day number (a date cell typed as a plain number) as an
 * ISO date, or null when it is not a real date.
 */
export function parseSheetDate(raw: string): string | null {
  // A date cell with a time of day is a fraction of a day: the day is what counts.
  if (/^\d{5}(\.\d+)?$/.test(raw))
    return new Date(EXCEL_EPOCH + Math.floor(Number(raw)) * 86_400_000).toISOString().slice(0, 10);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  const dmy = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(raw);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const text = date.toISOString().slice(0, 10);
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(m) - 1 ? text : null;
}

async function workbookBuffer(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An upload template: the header row (bold, wide enough), example rows, and an instructions sheet. */
export const templateWorkbook = (spec: {
  sheet: string;
  columns: readonly string[];
  /** Cell number formats by column, e.g. a date format so typed dates become Excel dates. */
  formats?: Record<string, string>;
  examples?: unknown[][];
  instructions: string[];
}) =>
  workbookBuffer((wb) => {
    const sheet = wb.addWorksheet(spec.sheet);
    sheet.columns = spec.columns.map((c) => ({
      header: c,
      key: c,
      width: Math.max(14, c.length + 4),
      ...(spec.formats?.[c] ? { style: { numFmt: spec.formats[c] } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const example of spec.examples ?? []) sheet.addRow(example);
    const help = wb.addWorksheet('Instructions');
    help.getColumn(1).width = 110;
    for (const line of spec.instructions) help.addRow([line]);
  });

/** A sheet of rows given as arrays, under the given headers and widths. */
function arraySheet(name: string, headers: [header: string, width: number][], rows: unknown[][]) {
  const columns = headers.map(([header, width], i) => ({ header, key: String(i), width }));
  const cells = rows.map((row) => Object.fromEntries(row.map((v, i) => [String(i), v as CellValue])));
  return xlsxBuffer(columns, cells, name);
}

/** The error report as a list: row, column, message (formula-like text written as typed). */
export const errorReport = (errors: RowError[]) =>
  arraySheet(
    'Errors',
    [
      ['Row', 8],
      ['Column', 20],
      ['Message', 80],
    ],
    errors.map((e) => [e.row, e.column, e.message]),
  );

/**
 * The error report as the bad rows themselves: the row number, the row as uploaded and an Errors
 * column ("Column: message; …"), so the rows can be fixed there and uploaded again. Formula-like
 * text is written as typed (quote-prefixed, lib/xlsx-sheet-xml.ts): an apostrophe would be uploaded back.
 */
export const badRowsReport = <Column extends string>(
  columns: readonly Column[],
  rows: SheetRow<Column>[],
  errors: RowError[],
) => {
  const byRow = new Map<number, RowError[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  return arraySheet(
    'Errors',
    [['Row', 8], ...columns.map((c): [string, number] => [c, Math.max(14, c.length + 4)]), ['Errors', 80]],
    rows.flatMap((r) => {
      const rowErrors = byRow.get(r.row);
      if (!rowErrors) return [];
      return [
        [
          r.row,
          ...columns.map((c) => r.values[c]),
          rowErrors.map((e) => `${e.column}: ${e.message}`).join('; '),
        ],
      ];
    }),
  );
};
