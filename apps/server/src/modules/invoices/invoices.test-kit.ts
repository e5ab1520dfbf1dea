import { INVOICE_UPLOAD_COLUMNS } from '@app/contract/invoices';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/harness';

/** A multipart/form-data body with one file field. */
export function multipartBody(name: string, content: Buffer, field = 'file') {
  const boundary = `----test${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An xlsx with the template header (or `header`) and these rows. */
export async function sheet(
  rows: (string | number | Date)[][],
  header: readonly string[] = INVOICE_UPLOAD_COLUMNS,
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readSheet(content: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

export const upload = (t: TestApp, by: string, name: string, content: Buffer, query = '') =>
  t.as(by, { method: 'POST', url: `/api/admin/invoices/upload${query}`, ...multipartBody(name, content) });
