import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';

export interface ListedCoupon {
  row: number;
  code: string | null;
  serial: number | null;
}

const fileError = (message: string) => badRequest(`file: ${message}`, { file: message });

/** The first sheet's "Code" and/or "Serial" column, one coupon per row. */
export async function readCouponList(content: Buffer): Promise<ListedCoupon[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileError('The file is not a readable .xlsx workbook');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw fileError('The workbook has no sheet');
  let codeCol = 0;
  let serialCol = 0;
  sheet.getRow(1).eachCell((cell, col) => {
    const name = String(cell.text).trim().toLowerCase();
    if (name === 'code') codeCol = col;
    if (name === 'serial') serialCol = col;
  });
  if (!codeCol && !serialCol) throw fileError('The first row must name a "Code" or "Serial" column');
  const out: ListedCoupon[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const code = codeCol ? String(row.getCell(codeCol).text).trim() : '';
    const serial = serialCol ? String(row.getCell(serialCol).text).trim() : '';
    if (!code && !serial) return;
    out.push({ row: number, code: code || null, serial: serial ? Number(serial) : null });
  });
  if (out.length === 0) throw fileError('The sheet lists no coupons');
  return out;
}
