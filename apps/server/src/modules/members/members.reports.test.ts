import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
const download = (role: string, reportType: string) =>
  t.as(role, {
    method: 'POST',
    url: '/api/admin/downloadReports',
    payload: { reportType, startDate: '2000-01-01', endDate: today() },
  });

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('report types of the members domain', () => {
  it('members: every seeded member, no KYC numbers', async () => {
    const res = await download('cs', 'members');
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toContain('Code');
    expect(rows.length - 1).toBeGreaterThanOrEqual(300);
  });

  it('kyc_decisions: decisions with masked numbers only, for holders of KYC History', async () => {
    const res = await download('finance', 'kyc_decisions');
    const rows = await sheetRows(res.rawPayload);
    expect(rows.length).toBeGreaterThan(10);
    const pan = rows[0]!.indexOf('PAN');
    expect(rows.slice(1).every((r) => /^XXXXXX\w{4}$/.test(String(r[pan])))).toBe(true);
    expect((await download('cs', 'kyc_decisions')).statusCode).toBe(403);
  });

  it('points_ledger: entries of every kind', async () => {
    const rows = await sheetRows((await download('cs', 'points_ledger')).rawPayload);
    const kind = rows[0]!.indexOf('Kind');
    expect(new Set(rows.slice(1).map((r) => r[kind])).size).toBeGreaterThanOrEqual(4);
    expect((await download('courier', 'points_ledger')).statusCode).toBe(403);
  });
});
