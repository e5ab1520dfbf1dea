import { PRINT_MESSAGES } from '@app/contract/coupon-prints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit, printAndWait } from '../coupons/coupons.test-kit';
import { readPdf } from './pdf-reading.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const post = (payload: object, by = 'printing') =>
  t.as(by, { method: 'POST', url: '/api/admin/coupon-prints', payload });

describe('punch history', () => {
  it('prints a batch in the background, moves it to printed and serves the PDF', async () => {
    const batch = await kit.batch(45);
    const print = await printAndWait(t, { batchId: batch.id, layout: 'a4' });
    expect(print).toMatchObject({
      reprint: false,
      labels: 45,
      done: 45,
      fromSerial: batch.firstSerial,
      sku: expect.any(String),
    });
    expect(await kit.statuses(batch.firstSerial, batch.lastSerial)).toEqual({ printed: 45 });
    const file = await t.as('printing', { method: 'GET', url: `/api/admin/coupon-prints/${print.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="punch-/);
    expect(readPdf(file.rawPayload).pages).toBe(2);
    const [entry] = await kit.sql(
      "select actor_role from audit_log where entity = 'coupon_print' and entity_id = $1",
      [String(print.id)],
    );
    expect(entry).toMatchObject({ actor_role: 'printing' });
  });

  it('marks a print of an already printed range as a reprint, on thermal labels with copies', async () => {
    const batch = await kit.batch(10);
    const from = batch.firstSerial + 2;
    const first = await printAndWait(t, { fromSerial: from, toSerial: from + 2, layout: 'thermal' });
    expect(first.reprint).toBe(false);
    expect(await kit.statuses(batch.firstSerial, batch.lastSerial)).toEqual({ generated: 7, printed: 3 });
    const again = await printAndWait(t, {
      batchId: batch.id,
      fromSerial: from + 1,
      toSerial: from + 1,
      layout: 'thermal',
      copies: 3,
    });
    expect(again).toMatchObject({ reprint: true, labels: 3 });
    const file = await t.as('printing', { method: 'GET', url: `/api/admin/coupon-prints/${again.id}/file` });
    expect(readPdf(file.rawPayload).pages).toBe(3);
    const list = await t.as('printing', {
      method: 'GET',
      url: `/api/admin/coupon-prints?filter=${kit.q({ reprint: true })}`,
    });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(again.id);
  });

  it('names serials that are not ready coupons and gives field errors', async () => {
    const batch = await kit.batch(3);
    const beyond = await post({
      fromSerial: batch.lastSerial - 1,
      toSerial: batch.lastSerial + 2,
      layout: 'a4',
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().fields.fromSerial).toContain(String(batch.lastSerial + 1));
    const outside = await post({
      batchId: batch.id,
      fromSerial: batch.firstSerial - 1,
      toSerial: batch.lastSerial,
      layout: 'a4',
    });
    expect(outside.json().fields.fromSerial).toMatch(PRINT_MESSAGES.outsideBatch);
    expect((await post({ copies: 9 })).json().fields).toEqual({
      layout: PRINT_MESSAGES.layoutRequired,
      copies: PRINT_MESSAGES.copies,
    });
    expect((await post({ layout: 'a4' })).json().fields).toEqual({ batchId: PRINT_MESSAGES.rangeRequired });
    const backwards = await post({ fromSerial: 10, toSerial: 5, layout: 'a4' });
    expect(backwards.json().fields).toEqual({ toSerial: PRINT_MESSAGES.toBeforeFrom });
    expect((await post({ fromSerial: 10, layout: 'a4' })).json().fields).toEqual({
      toSerial: PRINT_MESSAGES.toRequired,
    });
    expect((await post({ batchId: 999999, layout: 'a4' })).json().fields).toEqual({
      batchId: PRINT_MESSAGES.batchUnknown,
    });
  });

  it('is for Punch History holders only', async () => {
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/coupon-prints' })).statusCode).toBe(
      403,
    );
    expect((await post({ batchId: 1, layout: 'a4' }, 'cs')).statusCode).toBe(403);
    expect(
      (await t.as('finance', { method: 'GET', url: '/api/admin/coupon-prints/1/file' })).statusCode,
    ).toBe(403);
  });
});
