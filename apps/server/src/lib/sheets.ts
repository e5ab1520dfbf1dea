import { MAX_UPLOAD_ROWS, type RowError } from '@app/contract/uploads';
import ExcelJS from 'exceljs';
import { badRequest } from './errors';
import { addTextSafeRow } from './xlsx-quote-prefix';

/** Spreadsheet uploads (invoices, scheme points): read a template's sheet, write templates and reports. */

/** One data row of an upload: its sheet row number and each template column as text. */
export interface SheetRow<Column extends string = string> {
  row: number;
  values: Record<Column, string>;
}

const fileError = (message: string) => badRequest(`file: ${message}`, { file: message });

/** A cell as text: dates as YYYY-MM-DD, formulas by their result, rich text flattened. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

/** Reads the first sheet; the header row must name the template's columns (any order). */
export async function readSheet<Column extends string>(
  content: Buffer,
  columns: readonly Column[],
): Promise<SheetRow<Column>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileError('The file is not a readable .xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('The workbook has no sheet');
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => columnOf.set(cellText(cell.value).toLowerCase(), col));
  const missing = columns.filter((c) => !columnOf.has(c.toLowerCase()));
  if (missing.length > 0) throw fileError(`Missing column(s): ${missing.join(', ')}. Use the template.`);
  const rows: SheetRow<Column>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = Object.fromEntries(
      columns.map((c) => [c, cellText(row.getCell(columnOf.get(c.toLowerCase())!).value)]),
    ) as Record<Column, string>;
    if (Object.values<string>(values).every((v) => v === '')) return;
    rows.push({ row: number, values });
  });
  if (rows.length === 0) throw fileError('The sheet has no data rows');
  if (rows.length > MAX_UPLOAD_ROWS) throw fileError(`At most ${MAX_UPLOAD_ROWS} rows per file`);
  return rows;
}

/** Excel counts days from 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY or an Excel day number (a date cell typed as a plain number) as an
 * ISO date, or null when it is not a real date.
 */
export function parseSheetDate(raw: string): string | null {
  if (/^\d{5}$/.test(raw)) return new Date(EXCEL_EPOCH + Number(raw) * 86_400_000).toISOString().slice(0, 10);
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

/** The error report as a list: row, column, message. */
export const errorReport = (errors: RowError[]) =>
  workbookBuffer((wb) => {
    const sheet = wb.addWorksheet('Errors');
    sheet.columns = [
      { header: 'Row', key: 'row', width: 8 },
      { header: 'Column', key: 'column', width: 20 },
      { header: 'Message', key: 'message', width: 80 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const e of errors) addTextSafeRow(sheet, [e.row, e.column, e.message]);
  });

/**
 * The error report as the bad rows themselves: the row number, the row as uploaded and an Errors
 * column ("Column: message; …"), so the rows can be fixed there and uploaded again.
 */
export const badRowsReport = <Column extends string>(
  columns: readonly Column[],
  rows: SheetRow<Column>[],
  errors: RowError[],
) =>
  workbookBuffer((wb) => {
    const sheet = wb.addWorksheet('Errors');
    sheet.columns = [
      { header: 'Row', key: 'Row', width: 8 },
      ...columns.map((c) => ({ header: c, key: c, width: Math.max(14, c.length + 4) })),
      { header: 'Errors', key: 'Errors', width: 80 },
    ];
    sheet.getRow(1).font = { bold: true };
    const byRow = new Map<number, RowError[]>();
    for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
    for (const r of rows) {
      const rowErrors = byRow.get(r.row);
      if (!rowErrors) continue;
      addTextSafeRow(sheet, [
        r.row,
        ...columns.map((c) => r.values[c]),
        rowErrors.map((e) => `${e.column}: ${e.message}`).join('; '),
      ]);
    }
  });
