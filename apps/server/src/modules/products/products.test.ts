import { PRODUCT_MESSAGES } from '@app/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const create = (by: string, payload: object) =>
  t.as(by, { method: 'POST', url: '/api/admin/products', payload });
const laminate = {
  sku: 'lam-1mm',
  name: 'Laminate 1mm',
  category: 'Laminates',
  unit: 'sheet',
  basePoints: 10,
};

describe('products', () => {
  it('creates, lists, filters, edits and audits a SKU', async () => {
    const res = await create('marketing', laminate);
    expect(res.statusCode).toBe(200);
    const product = res.json();
    expect(product).toMatchObject({ sku: 'LAM-1MM', active: true, basePoints: 10 });

    const list = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/products?filter=${q({ q: 'lam-1' })}`,
    });
    expect(list.json().rows.map((r: { sku: string }) => r.sku)).toContain('LAM-1MM');

    const edit = await t.as('almond team', {
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      payload: { basePoints: 12, active: false },
    });
    expect(edit.json()).toMatchObject({ basePoints: 12, active: false, sku: 'LAM-1MM' });
    const inactive = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/products?filter=${q({ active: false })}`,
    });
    expect(inactive.json().rows.map((r: { id: number }) => r.id)).toContain(product.id);

    const { rows } = await t.database.executeSql(
      "select action, before, after from audit_log where entity = 'product' and entity_id = $1 order by id",
      [String(product.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['product.created', 'product.updated']);
    expect(rows[1]).toMatchObject({ before: { basePoints: 10 }, after: { basePoints: 12, active: false } });
  });

  it('gives field errors for bad input and a taken SKU', async () => {
    const bad = await create('admin', { sku: 'x', name: '', category: 'C', unit: 'u', basePoints: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      sku: PRODUCT_MESSAGES.skuFormat,
      name: PRODUCT_MESSAGES.nameRequired,
      basePoints: PRODUCT_MESSAGES.pointsRange,
    });
    await create('admin', { ...laminate, sku: 'PLY-18' });
    const taken = await create('admin', { ...laminate, sku: 'ply-18' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ sku: PRODUCT_MESSAGES.skuTaken });
    const edit = await t.as('admin', { method: 'PUT', url: '/api/admin/products/999999', payload: {} });
    expect(edit.statusCode).toBe(404);
  });

  it('is for Manage Catalogue holders; the SKU picker is for any staff', async () => {
    expect((await t.as('cs', { method: 'GET', url: '/api/admin/products' })).statusCode).toBe(403);
    expect((await create('printing', laminate)).statusCode).toBe(403);
    const options = await t.as('printing', { method: 'GET', url: '/api/admin/products/options' });
    expect(options.statusCode).toBe(200);
    expect(options.json()[0]).toHaveProperty('basePoints');
  });
});
