import {
  INVOICE_UPLOAD_COLUMNS,
  type InvoiceUploadColumn,
  MAX_UPLOAD_ROWS,
  type RowError,
} from '@app/contract/invoices';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';

/** One data row of an upload: its sheet row number and each template column as text. */
export interface SheetRow {
  row: number;
  values: Record<InvoiceUploadColumn, string>;
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
export async function readInvoiceSheet(content: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileError('The file is not a readable .xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('The workbook has no sheet');
  const header = sheet.getRow(1);
  const columnOf = new Map<string, number>();
  header.eachCell((cell, col) => columnOf.set(cellText(cell.value).toLowerCase(), col));
  const missing = INVOICE_UPLOAD_COLUMNS.filter((c) => !columnOf.has(c.toLowerCase()));
  if (missing.length > 0) throw fileError(`Missing column(s): ${missing.join(', ')}. Use the template.`);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = Object.fromEntries(
      INVOICE_UPLOAD_COLUMNS.map((c) => [c, cellText(row.getCell(columnOf.get(c.toLowerCase())!).value)]),
    ) as SheetRow['values'];
    if (Object.values(values).every((v) => v === '')) return;
    rows.push({ row: number, values });
  });
  if (rows.length === 0) throw fileError('The sheet has no data rows');
  if (rows.length > MAX_UPLOAD_ROWS) throw fileError(`At most ${MAX_UPLOAD_ROWS} rows per file`);
  return rows;
}

async function workbookBuffer(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The upload template: the header row, widths, and an instructions sheet. */
export const invoiceTemplate = () =>
  workbookBuffer((wb) => {
    const sheet = wb.addWorksheet('Invoices');
    sheet.columns = INVOICE_UPLOAD_COLUMNS.map((c) => ({
      header: c,
      key: c,
      width: Math.max(14, c.length + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    const help = wb.addWorksheet('Instructions');
    help.getColumn(1).width = 110;
    for (const line of [
      'One row per invoice line. Rows with the same Distributor Code and Invoice Number form one invoice.',
      'Invoice Date: YYYY-MM-DD or DD-MM-YYYY, not in the future; the same on every row of an invoice.',
      'Distributor Code: an existing distributor, or a new one (then Distributor Name, State and City are required).',
      'GSTIN: optional, 15 characters. SKU: an active product code. Quantity: a whole number from 1.',
      'A file with errors applies nothing unless you choose "Apply valid rows"; an invoice with any bad row is skipped whole.',
    ])
      help.addRow([line]);
  });

/** Text a spreadsheet would run as a formula is prefixed so it stays text. */
const neutralise = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** The error report: row, column, message. */
export const errorReport = (errors: RowError[]) =>
  workbookBuffer((wb) => {
    const sheet = wb.addWorksheet('Errors');
    sheet.columns = [
      { header: 'Row', key: 'row', width: 8 },
      { header: 'Column', key: 'column', width: 20 },
      { header: 'Message', key: 'message', width: 80 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const e of errors) sheet.addRow({ row: e.row, column: e.column, message: neutralise(e.message) });
  });
