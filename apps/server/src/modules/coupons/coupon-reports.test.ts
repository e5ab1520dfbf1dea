import { COUPON_REPORTS } from '@app/contract/coupon-reports';
import { todayInIndia } from '@app/contract/format';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { NUMBER_FORMATS } from '../../lib/xlsx-writer';
import { readSheet } from '../invoices/invoices.test-kit';
import { COUPON_REPORT_SOURCES } from './coupon-report-sources';
import { moveCoupons } from './coupon-transitions';
import { couponsKit } from './coupons.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const download = (role: string, reportType: string) =>
  t.as(role, {
    method: 'POST',
    url: '/api/admin/downloadReports',
    payload: { reportType, startDate: '2000-01-01', endDate: todayInIndia() },
  });

/** Rows the demo data must give each report at least. */
const MIN_ROWS: Record<string, number> = {
  coupon_stock: 7,
  coupon_allocations: 16,
  invoices: 16,
  damaged_coupons: 3,
  scans: 40,
};

describe('coupon report types', () => {
  it.each(COUPON_REPORTS.map((r) => r.key))(
    '%s: its columns and the demo rows, for holders of its page',
    async (key) => {
      const res = await download('almond team', key);
      expect(res.statusCode).toBe(200);
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(COUPON_REPORT_SOURCES[key].columns.map((c) => c.header));
      expect(rows.length - 1).toBeGreaterThanOrEqual(MIN_ROWS[key]!);
      expect((await download('courier', key)).statusCode).toBe(403);
    },
  );

  it('fills stock columns from the counters', async () => {
    const rows = await readSheet((await download('almond team', 'coupon_stock')).rawPayload);
    const header = rows[0] as string[];
    const total = (name: string) =>
      rows.slice(1).reduce<number>((n, r) => n + Number(r[header.indexOf(name)] ?? 0), 0);
    expect(total('Scanned')).toBeGreaterThanOrEqual(40);
    expect(total('Quantity')).toBeGreaterThanOrEqual(total('Generated') + total('Active'));
  });
});

describe('the coupon stock report as a spreadsheet', () => {
  it('writes counts and liability as number cells, an Expired column as the stock page counts it, and dates as dates', async () => {
    const kit = couponsKit(t);
    const product = await kit.product(25);
    const live = await kit.batch(4, product.id);
    await t.database.db.transaction((tx) =>
      moveCoupons(tx, {
        where: sql`serial between ${live.firstSerial} and ${live.firstSerial + 1}`,
        from: ['generated'],
        to: 'active',
      }),
    );
    const old = await kit.batch(3, product.id);
    await kit.sql("update coupon_batches set expires_on = '2020-01-01' where id = $1", [old.id]);

    const res = await download('almond team', 'coupon_stock');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header).toContain('Expired');
    const rowOf = (batchId: number) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === batchId) found = row;
      });
      if (!found) throw new Error(`batch ${batchId} is not in the report`);
      return (name: string) => found!.getCell(header.indexOf(name) + 1);
    };

    const liveCell = rowOf(live.id);
    const counts = ['Quantity', 'Generated', 'In stock (printed)', 'Active', 'Scanned', 'Damaged', 'Expired'];
    for (const name of [...counts, 'Liability at points in force'])
      expect(liveCell(name).type, name).toBe(ExcelJS.ValueType.Number);
    expect(counts.map((name) => liveCell(name).value)).toEqual([4, 2, 0, 2, 0, 0, 0]);
    expect(liveCell('Liability at points in force').value).toBe(50);
    // Dates are Excel dates, in the formats of every export: the batch's day and its IST creation time.
    expect(liveCell('Expires').type).toBe(ExcelJS.ValueType.Date);
    expect(liveCell('Expires').numFmt).toBe(NUMBER_FORMATS.date);
    expect(liveCell('Created').type).toBe(ExcelJS.ValueType.Date);
    expect(liveCell('Created').numFmt).toBe(NUMBER_FORMATS.dateTime);
    const [created] = await kit.sql(
      "select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as ist from coupon_batches where id = $1",
      [live.id],
    );
    // exceljs reads a serial as that wall time in UTC: the sheet shows the IST time.
    const shown = (liveCell('Created').value as Date).toISOString().slice(0, 16).replace('T', ' ');
    expect(shown).toBe(created!.ist);

    // An expired batch: its unscanned codes count as expired, and active codes no longer owe points.
    const oldCell = rowOf(old.id);
    expect(counts.map((name) => oldCell(name).value)).toEqual([3, 0, 0, 0, 0, 0, 3]);
    expect(oldCell('Liability at points in force').value).toBe(0);
    expect((oldCell('Expires').value as Date).toISOString()).toBe('2020-01-01T00:00:00.000Z');
  });
});
