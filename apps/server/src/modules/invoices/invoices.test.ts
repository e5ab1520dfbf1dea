import { INVOICE_MESSAGES as M } from '@app/contract/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, by = 'cs') => t.as(by, { method: 'POST', url, payload });
const distributor = {
  code: 'dist-mum-01',
  name: 'Shree Traders',
  gstin: '27aapfu0939f1zv',
  state: 'Maharashtra',
  city: 'Mumbai',
};

describe('invoices by form', () => {
  it('creates a distributor and an invoice with lines, audited', async () => {
    const d = await kit.ok(await post('/api/admin/distributors', distributor));
    expect(d).toMatchObject({ code: 'DIST-MUM-01', gstin: '27AAPFU0939F1ZV' });
    const [p1, p2] = [await kit.product(), await kit.product()];
    const inv = await kit.ok(
      await post('/api/admin/invoices', {
        distributorId: d.id,
        number: 'INV/2024/001',
        invoiceDate: '2024-05-01',
        lines: [
          { productId: p1.id, quantity: 100 },
          { productId: p2.id, quantity: 5 },
        ],
      }),
    );
    expect(inv).toMatchObject({ distributorName: 'Shree Traders', lines: 2, quantity: 105, allocated: 0 });
    expect((inv as unknown as { lineItems: unknown[] }).lineItems).toHaveLength(2);
    const again = await post('/api/admin/invoices', {
      distributorId: d.id,
      number: 'INV/2024/001',
      invoiceDate: '2024-05-01',
      lines: [{ productId: p1.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ number: M.numberTaken });
    const audits = await kit.sql(
      "select action from audit_log where entity in ('invoice', 'distributor') order by id",
    );
    expect(audits.map((a) => a.action)).toEqual(['distributor.created', 'invoice.created']);
    const list = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/invoices?filter=${kit.q({ q: 'shree' })}`,
    });
    expect(list.json().total).toBe(1);
  });

  it('gives field errors', async () => {
    const bad = await post('/api/admin/distributors', {
      code: 'x',
      name: '',
      gstin: '12345',
      state: '',
      city: 'Pune',
    });
    expect(bad.json().fields).toMatchObject({
      code: M.codeFormat,
      name: M.nameRequired,
      gstin: M.gstin,
      state: M.stateRequired,
    });
    expect((await post('/api/admin/invoices', { number: '', lines: [] })).json().fields).toMatchObject({
      distributorId: M.distributorRequired,
      number: M.numberRequired,
      invoiceDate: M.dateRequired,
      lines: M.linesRequired,
    });
    const p = await kit.product();
    const res = await post('/api/admin/invoices', {
      distributorId: 999999,
      number: 'X1',
      invoiceDate: '2999-01-01',
      lines: [
        { productId: p.id, quantity: 1 },
        { productId: p.id, quantity: 2 },
        { productId: 999999, quantity: 0 },
      ],
    });
    expect(res.json().fields).toEqual({ 'lines.2.quantity': M.quantity });
    const res2 = await post('/api/admin/invoices', {
      distributorId: 999999,
      number: 'X1',
      invoiceDate: '2999-01-01',
      lines: [
        { productId: p.id, quantity: 1 },
        { productId: p.id, quantity: 2 },
        { productId: 999999, quantity: 3 },
      ],
    });
    expect(res2.json().fields).toEqual({
      distributorId: M.distributorUnknown,
      invoiceDate: M.dateFuture,
      'lines.1.productId': M.productRepeated,
      'lines.2.productId': M.productUnknown,
    });
  });

  it('is for Invoice holders only', async () => {
    for (const url of ['/api/admin/invoices', '/api/admin/distributors', '/api/admin/invoices/template'])
      expect((await t.as('marketing', { method: 'GET', url })).statusCode, url).toBe(403);
    expect((await post('/api/admin/invoices', {}, 'distribution')).statusCode).toBe(403);
  });
});
