import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { barrier, randomInt } from '../coupons/race.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

/** Allocations whose coupons do not all carry their id: a coupon was taken by two of them. */
async function doubleAllocations(batch: { firstSerial: number; lastSerial: number }): Promise<number> {
  const rows = await kit.sql(
    `select a.id, a.quantity, (select count(*)::int from coupons c where c.allocation_id = a.id) as held
     from coupon_allocations a where a.status = 'active'
       and (a.id in (select allocation_id from coupons where serial between $1 and $2) or a.from_serial between $1 and $2)`,
    [batch.firstSerial, batch.lastSerial],
  );
  return rows.filter((r) => Number(r.quantity) !== Number(r.held)).length;
}

/** What an allocation without a guarded UPDATE does: read printed coupons, then write them blindly. */
async function unsafeAllocate(lineId: number, from: number, to: number, wait: () => Promise<void>) {
  const client = await t.database.pool!.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      "select serial from coupons where serial between $1 and $2 and status = 'printed'",
      [from, to],
    );
    await wait();
    const a = await client.query(
      "insert into coupon_allocations (invoice_line_id, mode, from_serial, to_serial, quantity) values ($1, 'range', $2, $3, $4) returning id",
      [lineId, from, to, rows.length],
    );
    await client.query(
      "update coupons set status = 'active', allocation_id = $1 where serial = any($2::bigint[])",
      [a.rows[0].id, rows.map((r) => r.serial)],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('concurrent allocations of overlapping ranges (PostgreSQL)', () => {
  it('never put one coupon in two allocations, nor a line over its quantity (5 trials × 20 requests)', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const b = await printedBatch(t, 60);
      const lines = await Promise.all(Array.from({ length: 4 }, () => invoiceLine(t, b.productId, 30)));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const from = b.firstSerial + randomInt(45);
          return t.as('distribution', {
            method: 'POST',
            url: '/api/admin/coupon-allocations',
            payload: {
              invoiceLineId: lines[i % 4],
              mode: 'range',
              fromSerial: from,
              toSerial: from + randomInt(15),
            },
          });
        }),
      );
      expect(
        results.every((r) => r.statusCode === 200 || r.statusCode === 400),
        results.map((r) => r.body).join(),
      ).toBe(true);
      const granted = results.filter((r) => r.statusCode === 200).reduce((n, r) => n + r.json().quantity, 0);
      expect(granted).toBeGreaterThan(0);
      expect((await kit.statuses(b.firstSerial, b.lastSerial)).active).toBe(granted);
      expect(await doubleAllocations(b)).toBe(0);
      const over = await kit.sql(
        `select l.id from invoice_lines l where l.id = any($1::bigint[]) and (l.allocated > l.quantity
           or l.allocated <> (select count(*) from coupons c join coupon_allocations a on a.id = c.allocation_id where a.invoice_line_id = l.id))`,
        [lines],
      );
      expect(over).toEqual([]);
    }
  });

  it('catches the double allocation of an unguarded implementation (the check can fail)', async () => {
    const b = await printedBatch(t, 10);
    const line = await invoiceLine(t, b.productId, 100);
    const wait = barrier(4);
    await Promise.all(
      Array.from({ length: 4 }, () => unsafeAllocate(line, b.firstSerial, b.lastSerial, wait)),
    );
    expect(await doubleAllocations(b)).toBeGreaterThan(0);
  });
});
