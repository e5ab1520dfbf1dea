import { COUPON_REPORTS } from '@app/contract/coupon-reports';
import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readSheet } from '../invoices/invoices.test-kit';

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
      const definition = COUPON_REPORTS.find((r) => r.key === key)!;
      const res = await download('almond team', key);
      expect(res.statusCode).toBe(200);
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(definition.columns.map((c) => c.header));
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
