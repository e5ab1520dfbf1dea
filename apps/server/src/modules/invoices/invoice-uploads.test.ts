import { INVOICE_UPLOAD_COLUMNS, INVOICE_MESSAGES as M } from '@app/contract/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { readSheet, sheet, upload } from './invoices.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let sku: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  sku = String((await kit.product()).sku);
});
afterAll(() => t.close());

const row = (
  number: string,
  code: string,
  qty: number | string,
  extra: Partial<Record<string, string>> = {},
) => [
  number,
  extra.date ?? '15-04-2024',
  code,
  extra.name ?? `Distributor ${code}`,
  extra.gstin ?? '',
  extra.state ?? 'Gujarat',
  extra.city ?? 'Surat',
  extra.sku ?? sku,
  qty,
];
const invoicesOf = async (uploadId: number) =>
  (await kit.sql('select number from invoices where upload_id = $1 order by number', [uploadId])).map(
    (r) => r.number,
  );

describe('invoice uploads', () => {
  it('offers a template whose header is the upload columns', async () => {
    const res = await t.as('cs', { method: 'GET', url: '/api/admin/invoices/template' });
    expect(res.statusCode).toBe(200);
    expect((await readSheet(res.rawPayload))[0]).toEqual([...INVOICE_UPLOAD_COLUMNS]);
  });

  it('applies a clean file, creating new distributors and grouping lines into invoices', async () => {
    const p2 = await kit.product();
    const file = await sheet([
      row('A-1', 'GJ-01', 10),
      row('A-1', 'GJ-01', 4, { sku: String(p2.sku) }),
      row('A-2', 'GJ-01', 7, { date: '2024-04-16' }),
    ]);
    const res = await kit.ok(await upload(t, 'cs', 'clean.xlsx', file));
    expect(res).toMatchObject({
      status: 'applied',
      rowsTotal: 3,
      rowsApplied: 3,
      rowsFailed: 0,
      invoicesCreated: 2,
      hasErrorReport: false,
    });
    expect(await invoicesOf(res.id)).toEqual(['A-1', 'A-2']);
    const [lines] = await kit.sql(
      "select count(*)::int as n from invoice_lines l join invoices i on i.id = l.invoice_id where i.number = 'A-1'",
    );
    expect(lines!.n).toBe(2);
  });

  it('applies nothing from a file with errors, reports them by row and column, then applies valid rows on request', async () => {
    const file = await sheet([
      row('B-1', 'GJ-02', 5),
      row('B-2', 'GJ-02', 0),
      row('B-3', 'GJ-02', 3, { sku: 'NOPE' }),
      row('B-4', 'GJ-02', 2, { date: '31-02-2024' }),
      row('B-5', 'GJ-02', 1),
      row('B-5', 'GJ-02', 1, { gstin: 'bad' }),
      row('B-1', 'GJ-01', 1, { date: '2024-04-01' }),
      row('A-1', 'GJ-01', 1),
    ]);
    const res = await kit.ok(await upload(t, 'cs', 'errors.xlsx', file));
    expect(res).toMatchObject({
      status: 'has_errors',
      rowsTotal: 8,
      rowsApplied: 0,
      rowsFailed: 8,
      invoicesCreated: 0,
      hasErrorReport: true,
    });
    expect(await invoicesOf(res.id)).toEqual([]);
    const errors = res.errors as { row: number; column: string; message: string }[];
    expect(errors).toContainEqual({ row: 3, column: 'Quantity', message: M.quantity });
    expect(errors).toContainEqual({ row: 4, column: 'SKU', message: `${M.productUnknown}: NOPE` });
    expect(errors).toContainEqual({ row: 5, column: 'Invoice Date', message: M.dateInvalid });
    expect(errors).toContainEqual({ row: 9, column: 'Invoice Number', message: M.numberTaken });
    expect(errors.some((e) => e.column === 'GSTIN')).toBe(true);

    const report = await t.as('cs', { method: 'GET', url: `/api/admin/invoices/upload/${res.id}/errors` });
    const lines = await readSheet(report.rawPayload);
    expect(lines[0]).toEqual(['Row', 'Column', 'Message']);
    expect(lines).toContainEqual([3, 'Quantity', M.quantity]);
    const history = await t.as('cs', { method: 'GET', url: `/api/admin/invoice-uploads/${res.id}/errors` });
    expect(history.statusCode).toBe(200);

    const applied = await kit.ok(
      await t.as('cs', { method: 'POST', url: `/api/admin/invoices/upload/${res.id}/apply-valid` }),
    );
    expect(applied).toMatchObject({ status: 'partially_applied', rowsApplied: 2, invoicesCreated: 2 });
    expect(await invoicesOf(res.id)).toEqual(['B-1', 'B-1']);
    const twice = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/invoices/upload/${res.id}/apply-valid`,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('applies the valid rows at once when asked, and lists uploads with counts', async () => {
    const res = await kit.ok(
      await upload(
        t,
        'cs',
        'mixed.xlsx',
        await sheet([row('C-1', 'GJ-03', 5), row('C-2', 'GJ-03', -1)]),
        '?applyValid=true',
      ),
    );
    expect(res).toMatchObject({
      status: 'partially_applied',
      rowsApplied: 1,
      rowsFailed: 1,
      invoicesCreated: 1,
    });
    const list = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/invoice-uploads?filter=${kit.q({ q: 'mixed' })}`,
    });
    expect(list.json().rows[0]).toMatchObject({
      fileName: 'mixed.xlsx',
      rowsTotal: 2,
      createdByName: 'Demo CS',
    });
    const original = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/invoice-uploads/${res.id}/original`,
    });
    expect((await readSheet(original.rawPayload))[1]?.[0]).toBe('C-1');
  });

  it('refuses files that are not the template', async () => {
    const notXlsx = await upload(t, 'cs', 'x.xlsx', Buffer.from('Invoice Number,SKU\n1,2\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().fields).toHaveProperty('file');
    const missing = await upload(t, 'cs', 'x.xlsx', await sheet([['1']], ['Invoice Number']));
    expect(missing.json().fields.file).toMatch(/Missing column\(s\): Invoice Date/);
    const noFile = await t.as('cs', { method: 'POST', url: '/api/admin/invoices/upload', payload: {} });
    expect(noFile.json().fields).toHaveProperty('file');
  });

  it('is for the invoice pages’ holders only', async () => {
    expect((await upload(t, 'marketing', 'x.xlsx', await sheet([]))).statusCode).toBe(403);
    expect(
      (await t.as('distribution', { method: 'GET', url: '/api/admin/invoice-uploads' })).statusCode,
    ).toBe(403);
  });
});
