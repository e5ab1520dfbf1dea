import { todayInIndia } from '@app/contract/format';
import { PRODUCT_MESSAGES } from '@app/contract/products';
import { SCHEME_POINTS_MESSAGES as M, POINTS_UPLOAD_COLUMNS } from '@app/contract/scheme-points';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

/** A day relative to today (IST), as YYYY-MM-DD and as the sheet's DD/MM/YYYY. */
const day = (offset = 0) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const dmy = (offset = 0) => day(offset).split('-').reverse().join('/');
const pointsSheet = (rows: (string | number | Date)[][]) => sheet(rows, POINTS_UPLOAD_COLUMNS);
const upload = (content: Buffer, query = '', by = 'admin') =>
  t.as(by, {
    method: 'POST',
    url: `/api/admin/scheme-points/upload${query}`,
    ...multipartBody('points.xlsx', content),
  });
const changesOf = async (productId: number) =>
  kit.sql('select points, reason from product_points where product_id = $1 order by id', [productId]);
const auditsOf = async (productId: number) =>
  kit.sql("select action, after from audit_log where entity = 'product_points' and entity_id = $1", [
    String(productId),
  ]);
const grid = async (productId: number) => {
  const res = await t.as('admin', { url: `/api/admin/scheme-points?filter=${kit.q({})}&perPage=100` });
  return res.json().rows.find((r: { id: number }) => r.id === productId);
};

describe('Update Scheme Points by spreadsheet', () => {
  it('offers a template with the upload columns and one example row', async () => {
    const res = await t.as('admin', { url: '/api/admin/scheme-points/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([...POINTS_UPLOAD_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[2]).toBeInstanceOf(Date);
  });

  it('applies a clean file: one change and one audit entry per row, in force when the day is today', async () => {
    const [a, b] = [await kit.product(10), await kit.product(10)];
    const file = await pointsSheet([
      [String(a.sku), 40, dmy(), 'Bulk raise'],
      [String(b.sku).toLowerCase(), '15', new Date(`${day(3)}T00:00:00Z`), 'Next week'],
    ]);
    const res = await kit.ok(await upload(file));
    expect(res).toMatchObject({
      status: 'applied',
      rowsTotal: 2,
      rowsValid: 2,
      rowsApplied: 2,
      rowsRejected: 0,
      errors: [],
      errorReportId: null,
    });
    expect(await changesOf(a.id)).toEqual([{ points: 40, reason: 'Bulk raise' }]);
    expect(await changesOf(b.id)).toEqual([{ points: 15, reason: 'Next week' }]);
    const audits = await auditsOf(a.id);
    expect(audits.map((r) => r.action)).toEqual(['product_points.changed']);
    expect(audits[0]!.after).toMatchObject({ points: 40, reason: 'Bulk raise' });
    expect(await auditsOf(b.id)).toHaveLength(1);
    expect(await grid(a.id)).toMatchObject({ currentPoints: 40, nextPoints: null });
    expect(await grid(b.id)).toMatchObject({ currentPoints: 10, nextPoints: 15 });
  });

  it('applies nothing from a file with a bad row, reports each bad cell, then applies valid rows on request', async () => {
    const [good, other] = [await kit.product(10), await kit.product(10)];
    const file = await pointsSheet([
      [String(good.sku), 20, dmy(), 'Good row'],
      ['NO-SUCH-SKU', 20, dmy(), 'Unknown'],
      [String(other.sku), 'twenty', dmy(1), 'Not a number'],
      [String(other.sku), 20, dmy(-1), 'Backdated'],
      [String(other.sku), 20, dmy(2), ''],
      [String(other.sku), 30, dmy(5), 'First'],
      [String(other.sku), 31, day(5), 'Same day again'],
    ]);
    const res = await kit.ok(await upload(file));
    expect(res).toMatchObject({
      status: 'has_errors',
      rowsTotal: 7,
      rowsValid: 1,
      rowsApplied: 0,
      rowsRejected: 7,
      errorsTotal: 6,
    });
    expect(await changesOf(good.id)).toEqual([]);
    expect(await changesOf(other.id)).toEqual([]);
    expect(res.errors).toEqual([
      { row: 3, column: 'SKU', message: `${M.skuUnknown}: NO-SUCH-SKU` },
      { row: 4, column: 'Points', message: PRODUCT_MESSAGES.pointsRange },
      { row: 5, column: 'Effective from', message: M.pastDate },
      { row: 6, column: 'Reason', message: M.reasonRequired },
      { row: 7, column: 'SKU', message: M.repeated(8) },
      { row: 8, column: 'SKU', message: M.repeated(7) },
    ]);

    const report = await t.as('admin', {
      url: `/api/admin/scheme-points/upload/errors/${res.errorReportId}`,
    });
    expect(report.statusCode).toBe(200);
    const lines = await readSheet(report.rawPayload);
    expect(lines[0]).toEqual(['Row', ...POINTS_UPLOAD_COLUMNS, 'Errors']);
    expect(lines).toHaveLength(7);
    expect(lines[1]).toEqual([3, 'NO-SUCH-SKU', '20', dmy(), 'Unknown', `SKU: ${M.skuUnknown}: NO-SUCH-SKU`]);
    // The report is the uploader's: another holder of the page does not get it.
    const foreign = await t.as('almond team', {
      url: `/api/admin/scheme-points/upload/errors/${res.errorReportId}`,
    });
    expect(foreign.statusCode).toBe(404);

    const applied = await kit.ok(await upload(file, '?applyValid=true'));
    expect(applied).toMatchObject({
      status: 'partially_applied',
      rowsApplied: 1,
      rowsRejected: 6,
      errorsTotal: 6,
    });
    expect(await changesOf(good.id)).toEqual([{ points: 20, reason: 'Good row' }]);
    expect(await changesOf(other.id)).toEqual([]);
    expect(await auditsOf(good.id)).toHaveLength(1);
    expect(await grid(good.id)).toMatchObject({ currentPoints: 20 });
  });

  it('refuses a file that is not an xlsx, or no file, with a field message', async () => {
    const csv = await upload(Buffer.from('SKU,Points,Effective from,Reason\nPLY-12-MR,5,01/01/2030,x\n'));
    expect(csv.statusCode).toBe(400);
    expect(csv.json().fields.file).toMatch(/Unsupported file type/);
    const noFile = await t.as('admin', { method: 'POST', url: '/api/admin/scheme-points/upload' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: 'Choose a spreadsheet' });
    const wrongColumns = await upload(await sheet([['x', 1]], ['SKU', 'Quantity']));
    expect(wrongColumns.statusCode).toBe(400);
    expect(wrongColumns.json().fields.file).toMatch(/Missing column\(s\): Points, Effective from, Reason/);
  });

  it('is for holders of the page only', async () => {
    const product = await kit.product(10);
    const file = await pointsSheet([[String(product.sku), 5, dmy(), 'Not allowed']]);
    expect((await upload(file, '', 'cs')).statusCode).toBe(403);
    expect((await t.as('cs', { url: '/api/admin/scheme-points/template' })).statusCode).toBe(403);
    expect((await t.as('cs', { url: '/api/admin/scheme-points/upload/errors/1' })).statusCode).toBe(403);
    expect(await changesOf(product.id)).toEqual([]);
  });
});
