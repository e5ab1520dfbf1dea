import { ALLOCATION_MESSAGES as M, overQuantityMessage } from '@app/contract/coupon-allocations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const allocate = (payload: object, by = 'distribution') =>
  t.as(by, { method: 'POST', url: '/api/admin/coupon-allocations', payload });
const lineAllocated = async (id: number) =>
  Number((await kit.sql('select allocated from invoice_lines where id = $1', [id]))[0]!.allocated);

describe('coupon allocation', () => {
  it('activates a serial range against a line, audited and listed in the history', async () => {
    const b = await printedBatch(t, 20);
    const line = await invoiceLine(t, b.productId, 12);
    const res = await kit.ok(
      await allocate({
        invoiceLineId: line,
        mode: 'range',
        fromSerial: b.firstSerial,
        toSerial: b.firstSerial + 9,
      }),
    );
    expect(res).toMatchObject({
      quantity: 10,
      status: 'active',
      mode: 'range',
      createdByName: 'Demo Distribution',
    });
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ active: 10, printed: 10 });
    expect(await lineAllocated(line)).toBe(10);
    const history = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/coupon-allocations?filter=${kit.q({ invoiceLineId: line })}`,
    });
    expect(history.json().rows.map((r: { id: number }) => r.id)).toEqual([res.id]);
    const [entry] = await kit.sql(
      "select action from audit_log where entity = 'coupon_allocation' and entity_id = $1",
      [String(res.id)],
    );
    expect(entry!.action).toBe('coupon_allocation.created');

    const over = await allocate({
      invoiceLineId: line,
      mode: 'range',
      fromSerial: b.firstSerial + 10,
      toSerial: b.firstSerial + 12,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({ toSerial: overQuantityMessage(2) });
  });

  it('refuses coupons that are not printed, naming the serials, and changes nothing', async () => {
    const b = await printedBatch(t, 5);
    const fresh = await kit.batch(3, b.productId);
    const other = await printedBatch(t, 2);
    const line = await invoiceLine(t, b.productId, 100);
    await kit.ok(
      await allocate({
        invoiceLineId: line,
        mode: 'range',
        fromSerial: b.firstSerial,
        toSerial: b.firstSerial,
      }),
    );
    const res = await allocate({
      invoiceLineId: line,
      mode: 'range',
      fromSerial: b.firstSerial,
      toSerial: b.lastSerial,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.fromSerial).toBe(`Not printed coupons of this SKU: ${b.firstSerial} (active)`);
    const unprinted = await allocate({
      invoiceLineId: line,
      mode: 'range',
      fromSerial: fresh.firstSerial,
      toSerial: fresh.firstSerial + 1,
    });
    expect(unprinted.json().message).toBe(
      `Not printed coupons of this SKU: ${fresh.firstSerial} (generated), ${fresh.firstSerial + 1} (generated)`,
    );
    const wrongSku = await allocate({
      invoiceLineId: line,
      mode: 'range',
      fromSerial: other.firstSerial,
      toSerial: other.lastSerial,
    });
    expect(wrongSku.json().message).toContain(`${other.firstSerial} (another SKU)`);
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ active: 1, printed: 4 });
    expect(await lineAllocated(line)).toBe(1);
    const [n] = await kit.sql(
      'select count(*)::int as n from coupon_allocations where invoice_line_id = $1',
      [line],
    );
    expect(n!.n).toBe(1);
  });

  it('allocates the next N in stock oldest first and says when stock is short', async () => {
    const product = await kit.product();
    const older = await printedBatch(t, 3, product.id);
    const newer = await printedBatch(t, 3, product.id);
    const line = await invoiceLine(t, product.id, 10);
    const lines = await t.as('distribution', {
      method: 'GET',
      url: `/api/admin/coupon-allocations/lines?filter=${kit.q({ productId: product.id })}`,
    });
    expect(lines.json().rows[0]).toMatchObject({ remaining: 10, inStock: 6 });
    const res = await kit.ok(await allocate({ invoiceLineId: line, mode: 'next', quantity: 4 }));
    expect(res).toMatchObject({ fromSerial: older.firstSerial, toSerial: newer.firstSerial, quantity: 4 });
    const short = await allocate({ invoiceLineId: line, mode: 'next', quantity: 3 });
    expect(short.json().fields).toEqual({ quantity: 'Only 2 printed coupons are of this SKU in stock' });
  });

  it('undoes an allocation with a reason: unscanned codes return to stock, scanned ones stay', async () => {
    const b = await printedBatch(t, 4);
    const line = await invoiceLine(t, b.productId, 4);
    const a = await kit.ok(
      await allocate({
        invoiceLineId: line,
        mode: 'range',
        fromSerial: b.firstSerial,
        toSerial: b.lastSerial,
      }),
    );
    await kit.sql("update coupons set status = 'scanned' where serial = $1", [b.firstSerial]);
    const undo = (payload: object, by = 'distribution') =>
      t.as(by, { method: 'POST', url: `/api/admin/coupon-allocations/${a.id}/undo`, payload });
    // cs views Allocation History but does not allocate, so it may not undo.
    expect((await undo({ reason: 'Wrong distributor' }, 'cs')).statusCode).toBe(403);
    expect((await undo({ reason: 'x' })).json().fields).toEqual({ reason: M.reasonRequired });
    const res = await kit.ok(await undo({ reason: 'Wrong distributor' }));
    expect(res).toMatchObject({
      status: 'undone',
      returned: 3,
      undoReason: 'Wrong distributor',
      undoneByName: 'Demo Distribution',
    });
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ scanned: 1, printed: 3 });
    expect(await lineAllocated(line)).toBe(1);
    expect((await undo({ reason: 'Again please' })).statusCode).toBe(409);
  });

  it('gives field errors and enforces the page permissions', async () => {
    expect((await allocate({ mode: 'range' })).json().fields).toMatchObject({
      invoiceLineId: M.lineRequired,
    });
    expect((await allocate({ invoiceLineId: 1, mode: 'range' })).json().fields).toEqual({
      fromSerial: M.fromRequired,
      toSerial: M.toRequired,
    });
    expect((await allocate({ invoiceLineId: 1, mode: 'next' })).json().fields).toEqual({
      quantity: M.quantityRequired,
    });
    expect((await allocate({ invoiceLineId: 999999, mode: 'next', quantity: 1 })).json().fields).toEqual({
      invoiceLineId: M.lineUnknown,
    });
    expect((await allocate({}, 'cs')).statusCode).toBe(403);
    expect(
      (await t.as('marketing', { method: 'GET', url: '/api/admin/coupon-allocations' })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('marketing', { method: 'GET', url: '/api/admin/coupon-allocations/lines' })).statusCode,
    ).toBe(403);
    const undo = await t.as('printing', {
      method: 'POST',
      url: '/api/admin/coupon-allocations/1/undo',
      payload: { reason: 'abc' },
    });
    expect(undo.statusCode).toBe(403);
  });
});
