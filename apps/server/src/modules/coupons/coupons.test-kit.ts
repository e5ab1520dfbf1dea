import { todayInIndia } from '@app/contract/format';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';

let skuSeq = 0;

/** Shared helpers of the coupon tests: products, batches, prints, invoices, waiting for tasks. */
export function couponsKit(t: TestApp) {
  const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
  const ok = async (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Record<string, unknown> & { id: number };
  };
  const sql = async (text: string, values: unknown[] = []) =>
    (await t.database.executeSql(text, values)).rows;

  const product = async (basePoints = 10) =>
    ok(
      await t.as('almond team', {
        method: 'POST',
        url: '/api/admin/products',
        payload: {
          sku: `SKU-${++skuSeq}-${Date.now() % 1e6}`,
          name: `Product ${skuSeq}`,
          category: 'Plywood',
          unit: 'sheet',
          basePoints,
        },
      }),
    );

  const expiresIn = (days: number) => {
    const d = new Date(`${todayInIndia()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  /** Polls until `check` returns a value, up to 60 s. */
  const until = async <T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> => {
    for (let i = 0; i < 240; i++) {
      const v = await check();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  const batch = async (quantity: number, productId?: number, by = 'almond team') => {
    const pid = productId ?? (await product()).id;
    const created = await ok(
      await t.as(by, {
        method: 'POST',
        url: '/api/admin/coupon-batches',
        payload: { productId: pid, quantity, expiresOn: expiresIn(365) },
      }),
    );
    return until(async () => {
      const res = await t.as('almond team', {
        method: 'GET',
        url: `/api/admin/coupon-batches/${created.id}`,
      });
      const row = res.json();
      if (row.status === 'failed') throw new Error(`batch failed: ${row.error}`);
      return row.status === 'ready'
        ? (row as { id: number; firstSerial: number; lastSerial: number; productId: number })
        : undefined;
    }, `batch ${created.id}`);
  };

  const statuses = async (from: number, to: number) =>
    (
      await sql('select status, count(*)::int as n from coupons where serial between $1 and $2 group by 1', [
        from,
        to,
      ])
    ).reduce<Record<string, number>>((acc, r) => Object.assign(acc, { [String(r.status)]: Number(r.n) }), {});

  return { q, ok, sql, product, expiresIn, until, batch, statuses };
}

/** Prints a range through the API and waits for the file; returns the punch record. */
export async function printAndWait(t: TestApp, payload: object, by = 'printing') {
  const kit = couponsKit(t);
  const created = await kit.ok(await t.as(by, { method: 'POST', url: '/api/admin/coupon-prints', payload }));
  return kit.until(async () => {
    const row = (await t.as(by, { method: 'GET', url: `/api/admin/coupon-prints/${created.id}` })).json();
    if (row.status === 'failed') throw new Error(`print failed: ${row.error}`);
    return row.status === 'ready'
      ? (row as { id: number; reprint: boolean; labels: number; done: number })
      : undefined;
  }, `print ${created.id}`);
}

let invoiceSeq = 0;

/** An invoice with one line of `quantity` for the product; returns the line id. */
export async function invoiceLine(t: TestApp, productId: number, quantity: number): Promise<number> {
  const kit = couponsKit(t);
  const code = `D${++invoiceSeq}X${Date.now() % 1e6}`;
  const d = await kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/distributors',
      payload: { code, name: `Distributor ${code}`, state: 'Kerala', city: 'Kochi' },
    }),
  );
  const inv = await kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/invoices',
      payload: {
        distributorId: d.id,
        number: `INV-${invoiceSeq}`,
        invoiceDate: '2024-06-01',
        lines: [{ productId, quantity }],
      },
    }),
  );
  return (inv as unknown as { lineItems: { id: number }[] }).lineItems[0]!.id;
}

/** A batch of `n` printed coupons. */
export async function printedBatch(t: TestApp, n: number, productId?: number) {
  const batch = await couponsKit(t).batch(n, productId);
  await printAndWait(t, { batchId: batch.id, layout: 'thermal' }, 'almond team');
  return batch;
}
