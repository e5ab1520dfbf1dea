/**
 * HDFC Bank ENet — Vendor Payments bulk upload ("Bulk Transactions Upload Manual", upload doc
 * version 0.1): a comma-separated ASCII file without a header row, one payment a line (CRLF), 28
 * fields (A–AB), no commas or special characters inside a field:
 *
 *   A Transaction type: N NEFT, R RTGS (I, a transfer within HDFC, needs a pre-registered
 *     beneficiary code: not used; an HDFC account is paid by NEFT). ENet's vendor file has no IMPS.
 *   B Beneficiary code (only for I)   C Beneficiary account number   D Instrument amount (rupees, 2 dp)
 *   E Beneficiary name (≤ 40, letters, digits, spaces)   F Drawee location   G Print location (DD only)
 *   H–L Beneficiary address 1–5   M Instruction reference number
 *   N Customer reference number (≤ 20, shown on the statement and returned in the reverse file: ours
 *     is `RDM<redemption id>`, how the response reconciles)   O–U Payment details 1–7
 *   V Cheque number   W Cheque / transaction date DD/MM/YYYY   X MICR number   Y IFSC code
 *   Z Beneficiary bank name   AA Beneficiary bank branch name   AB Beneficiary email id
 *
 * File name: client code + DD + MM + `.` + 3-digit serial (e.g. `ABCD2007.001`), no `.csv`.
 *
 * The reverse (response) file ENet returns, comma-separated, one line per payment: customer
 * reference number, beneficiary name, account number, IFSC, account type, amount, value date
 * (YYYYMMDD), bank reference number (the UTR), transaction status (E executed, R rejected) and the
 * reject reason.
 */

/** RTGS from ₹2,00,000 (its floor); NEFT below. */
export const RTGS_FROM_PAISE = 20_000_000;

export interface EnetPayment {
  redemptionId: number;
  accountNumber: string;
  amountPaise: number;
  name: string;
  ifsc: string;
  bankName: string;
}

/** Letters, digits and single spaces only (ENet refuses commas and special characters). */
export const enetText = (text: string, max: number) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

export const customerReference = (redemptionId: number) => `RDM${redemptionId}`;

const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** DD/MM/YYYY of a day in India. */
export function enetDate(day: Date): string {
  const [y, m, d] = day.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).split('-');
  return `${d}/${m}/${y}`;
}

/** One payment's line (without its line ending). */
export function enetLine(p: EnetPayment, date: string): string {
  const fields = new Array<string>(28).fill('');
  fields[0] = p.amountPaise >= RTGS_FROM_PAISE ? 'R' : 'N';
  fields[2] = p.accountNumber.replace(/[^0-9A-Za-z]/g, '');
  fields[3] = rupees(p.amountPaise);
  fields[4] = enetText(p.name, 40);
  fields[13] = customerReference(p.redemptionId);
  fields[14] = 'LOYALTY REDEMPTION';
  fields[22] = date;
  fields[24] = p.ifsc.toUpperCase();
  fields[25] = enetText(p.bankName, 40);
  return fields.join(',');
}

/** The whole file, CRLF after every line, built as one string. */
export const enetFile = (payments: readonly EnetPayment[], date: string): string =>
  payments.map((p) => `${enetLine(p, date)}\r\n`).join('');

export function enetFileName(clientCode: string, day: Date, serial: number): string {
  const [, m, d] = day.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).split('-');
  return `${enetText(clientCode, 8).replace(/ /g, '').toUpperCase()}${d}${m}.${String(serial % 1000).padStart(3, '0')}`;
}

export interface ReverseLine {
  row: number;
  redemptionId: number | null;
  reference: string;
  amount: string;
  utr: string;
  status: string;
  reason: string;
}

/** The reverse file's lines (blank lines skipped), each with its 1-based line number. */
export function parseReverseFile(text: string): ReverseLine[] {
  const out: ReverseLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const f = raw.split(',').map((s) => s.trim());
    const reference = f[0] ?? '';
    const match = /^RDM([1-9][0-9]{0,9})$/.exec(reference);
    out.push({
      row: i + 1,
      redemptionId: match ? Number(match[1]) : null,
      reference,
      amount: f[5] ?? '',
      utr: f[7] ?? '',
      status: (f[8] ?? '').toUpperCase(),
      reason: f.slice(9).join(' ').trim(),
    });
  });
  return out;
}

export const paiseOfRupees = (text: string): number | null =>
  /^\d{1,12}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : null;
