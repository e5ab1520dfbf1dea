import { BATCH_MESSAGES } from '@app/contract/coupon-batches';
import { isValidCode } from '@app/contract/coupons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { randomCodes } from '../coupons';
import { couponsKit } from '../coupons/coupons.test-kit';
import * as repo from './coupon-batches.repository';
import { generateBatch } from './coupon-batches.service';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

/** A batch row with its serial block but no task: the test runs generation itself. */
async function bareBatch(quantity: number) {
  const product = await kit.product();
  return t.database.db.transaction(async (tx) => {
    const firstSerial = await repo.reserveSerials(tx, quantity);
    const id = await repo.insertBatch(tx, {
      productId: product.id,
      quantity,
      expiresOn: kit.expiresIn(30),
      firstSerial,
      lastSerial: firstSerial + quantity - 1,
    });
    return { id, firstSerial, lastSerial: firstSerial + quantity - 1 };
  });
}

describe('generate QR codes', () => {
  it('generates a batch in the background with progress, valid unique codes and contiguous serials', async () => {
    const batch = await kit.batch(1200, undefined, 'finance');
    const rows = await kit.sql(
      'select serial, code, status from coupons where batch_id = $1 order by serial',
      [batch.id],
    );
    expect(rows).toHaveLength(1200);
    expect(rows.every((r) => isValidCode(String(r.code)) && r.status === 'generated')).toBe(true);
    expect(new Set(rows.map((r) => r.code)).size).toBe(1200);
    expect(Number(rows[0]!.serial)).toBe(batch.firstSerial);
    expect(Number(rows.at(-1)!.serial)).toBe(batch.lastSerial);
    const res = await t.as('finance', {
      method: 'GET',
      url: `/api/admin/coupon-batches?filter=${kit.q({ status: 'ready' })}`,
    });
    const row = res.json().rows.find((r: { id: number }) => r.id === batch.id);
    expect(row).toMatchObject({
      done: 1200,
      counts: { generated: 1200, printed: 0 },
      createdByName: 'Demo Finance',
    });
    const [task] = await kit.sql('select status, done, total from tasks where id = $1', [row.taskId]);
    expect(task).toMatchObject({ status: 'done', done: 1200, total: 1200 });
    const next = await kit.batch(5);
    expect(next.firstSerial).toBeGreaterThan(batch.lastSerial);
  });

  it('tops up collisions with fresh codes: never a duplicate, never a short batch', async () => {
    const [existing] = await kit.sql('select code from coupons limit 1');
    const clash = existing ? String(existing.code) : randomCodes(1)[0]!;
    let calls = 0;
    // The first chunk is one code repeated (colliding with itself and with a stored code).
    const collide = (n: number) => (++calls === 1 ? Array.from({ length: n }, () => clash) : randomCodes(n));
    const b = await bareBatch(25);
    await generateBatch(t.app, b.id, { codes: collide, chunk: 10 });
    const rows = await kit.sql('select code from coupons where batch_id = $1', [b.id]);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.code)).size).toBe(25);
    const [dupes] = await kit.sql('select count(*) - count(distinct code) as d from coupons');
    expect(Number(dupes!.d)).toBe(0);
    expect(calls).toBeGreaterThan(3);
  });

  it('leaves nothing behind when generation fails', async () => {
    let calls = 0;
    const failing = (n: number) => {
      if (++calls === 3) throw new Error('entropy ran out');
      return randomCodes(n);
    };
    const b = await bareBatch(30);
    await expect(generateBatch(t.app, b.id, { codes: failing, chunk: 10 })).rejects.toThrow('entropy');
    expect(await kit.sql('select 1 from coupons where batch_id = $1', [b.id])).toHaveLength(0);
    const [row] = await kit.sql('select status, error from coupon_batches where id = $1', [b.id]);
    expect(row).toMatchObject({ status: 'failed', error: 'entropy ran out' });
  });

  it('makes one batch of a double submit with the same Idempotency-Key', async () => {
    const product = await kit.product();
    const payload = { productId: product.id, quantity: 7, expiresOn: kit.expiresIn(30) };
    const submit = () =>
      t.as('almond team', {
        method: 'POST',
        url: '/api/admin/coupon-batches',
        payload,
        headers: { 'idempotency-key': `generate-${product.id}` },
      });
    const [first, second] = await Promise.all([submit(), submit()]);
    const third = await submit();
    const ids = [first, second, third].map((r) => kit.ok(r).then((b) => b.id));
    expect(new Set(await Promise.all(ids)).size).toBe(1);
    expect(third.headers['idempotent-replayed']).toBe('true');
    const [made] = await kit.sql('select count(*)::int as n from coupon_batches where product_id = $1', [
      product.id,
    ]);
    expect(made!.n).toBe(1);
  });

  it('says why a batch failed, and generates it again on retry', async () => {
    const b = await bareBatch(20);
    const broken = () => {
      throw new Error('code source unavailable');
    };
    await expect(generateBatch(t.app, b.id, { codes: broken })).rejects.toThrow();
    const failed = await kit.ok(
      await t.as('cs', { method: 'GET', url: `/api/admin/coupon-batches/${b.id}` }),
    );
    expect(failed).toMatchObject({ status: 'failed', error: 'code source unavailable' });

    const retry = () => t.as('cs', { method: 'POST', url: `/api/admin/coupon-batches/${b.id}/retry` });
    expect(await kit.ok(await retry())).toMatchObject({ status: 'generating', error: null });
    expect((await retry()).statusCode).toBe(409);
    const ready = await kit.until(async () => {
      const row = (await t.as('cs', { method: 'GET', url: `/api/admin/coupon-batches/${b.id}` })).json();
      return row.status === 'ready' && row;
    }, 'the retried batch');
    expect(ready).toMatchObject({ error: null, done: 20 });
    const [codes] = await kit.sql('select count(distinct code)::int as n from coupons where batch_id = $1', [
      b.id,
    ]);
    expect(codes!.n).toBe(20);
    const [entry] = await kit.sql(
      "select count(*)::int as n from audit_log where action = 'coupon_batch.retried' and entity_id = $1",
      [String(b.id)],
    );
    expect(entry!.n).toBe(1);
  });

  it('refuses bad input field by field', async () => {
    const post = (payload: object) =>
      t.as('cs', { method: 'POST', url: '/api/admin/coupon-batches', payload });
    const res = await post({
      productId: 0,
      quantity: 10_000_001,
      expiresOn: '2001-01-01',
      note: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      productId: BATCH_MESSAGES.productRequired,
      quantity: BATCH_MESSAGES.quantityRange,
      expiresOn: BATCH_MESSAGES.expiryPast,
      note: BATCH_MESSAGES.noteTooLong,
    });
    expect(
      (await post({ productId: 1, quantity: 0, expiresOn: kit.expiresIn(1) })).json().fields,
    ).toHaveProperty('quantity');
    const unknown = await post({ productId: 999999, quantity: 1, expiresOn: kit.expiresIn(1) });
    expect(unknown.json().fields).toEqual({ productId: BATCH_MESSAGES.productUnknown });
  });

  it('is for Generate QR Code holders only', async () => {
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/coupon-batches' })).statusCode).toBe(
      403,
    );
    const post = await t.as('printing', { method: 'POST', url: '/api/admin/coupon-batches', payload: {} });
    expect(post.statusCode).toBe(403);
    expect(
      (await t.as('printing', { method: 'GET', url: '/api/admin/coupon-batches/options' })).statusCode,
    ).toBe(200);
  });
});
