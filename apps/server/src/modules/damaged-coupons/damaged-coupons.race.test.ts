import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { randomCodes } from '../coupons';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { barrier } from '../coupons/race.test-kit';
import { staffKit } from '../staff/staff.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let secondApprover: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  secondApprover = (
    await staffKit(t).createAccount('almond team', 'second.checker@example.com', 'distribution')
  ).token;
});
afterAll(() => t?.close());

/** Coupons of the range replaced more than once, and reports decided more than once. */
async function doubleDecisions(b: { firstSerial: number; lastSerial: number }, reportId: number) {
  const twice = await kit.sql(
    'select replaces_serial from coupons where replaces_serial between $1 and $2 group by 1 having count(*) > 1',
    [b.firstSerial, b.lastSerial],
  );
  const decisions = await kit.sql(
    "select count(*)::int as n from audit_log where entity = 'damaged_report' and entity_id = $1 and action <> 'damaged_report.created'",
    [String(reportId)],
  );
  return twice.length + Math.max(0, Number(decisions[0]!.n) - 1);
}

/** An approval that checks the status with a plain read and then writes: two can both "win". */
async function unsafeApprove(reportId: number, wait: () => Promise<void>) {
  const client = await t.database.pool!.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query('select status from damaged_reports where id = $1', [reportId]);
    await wait();
    if (rows[0].status !== 'pending') return client.query('rollback');
    await client.query("update damaged_reports set status = 'approved' where id = $1", [reportId]);
    await client.query(
      "insert into audit_log (action, entity, entity_id) values ('damaged_report.approved', 'damaged_report', $1)",
      [String(reportId)],
    );
    const items = await client.query('select serial from damaged_report_items where report_id = $1', [
      reportId,
    ]);
    for (const item of items.rows)
      await client.query(
        "insert into coupons (serial, code, batch_id, replaces_serial) select nextval('coupon_serial_seq'), $1, 0, $2",
        [randomCodes(1)[0], item.serial],
      );
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('concurrent damaged-coupon decisions (PostgreSQL)', () => {
  it('decide a report exactly once: one winner, coupons voided and replaced once (5 trials × 20 requests)', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const b = await printedBatch(t, 6);
      const line = await invoiceLine(t, b.productId, 6);
      await kit.ok(
        await t.as('distribution', {
          method: 'POST',
          url: '/api/admin/coupon-allocations',
          payload: { invoiceLineId: line, mode: 'range', fromSerial: b.firstSerial, toSerial: b.lastSerial },
        }),
      );
      const r = await kit.ok(
        await t.as('distribution', {
          method: 'POST',
          url: '/api/admin/damaged-coupons',
          payload: { mode: 'range', fromSerial: b.firstSerial, toSerial: b.firstSerial + 3, reason: 'torn' },
        }),
      );
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.as(i % 2 ? secondApprover : 'almond team', {
            method: 'POST',
            url: `/api/admin/damaged-coupons/${r.id}/${i % 5 === 4 ? 'reject' : 'approve'}`,
            payload: i % 5 === 4 ? { note: 'not damaged' } : { replace: true },
          }),
        ),
      );
      const won = results.filter((x) => x.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(results.filter((x) => x.statusCode !== 200).every((x) => x.statusCode === 409)).toBe(true);
      expect(await doubleDecisions(b, r.id)).toBe(0);
      const approved = won[0]!.json().status === 'approved';
      expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual(
        approved ? { damaged: 4, active: 2 } : { active: 6 },
      );
      const [l] = await kit.sql('select allocated from invoice_lines where id = $1', [line]);
      expect(l!.allocated).toBe(6);
    }
  });

  it('catches the double approval of an unguarded implementation (the check can fail)', async () => {
    const b = await printedBatch(t, 3);
    const r = await kit.ok(
      await t.as('distribution', {
        method: 'POST',
        url: '/api/admin/damaged-coupons',
        payload: { mode: 'range', fromSerial: b.firstSerial, toSerial: b.lastSerial, reason: 'lost' },
      }),
    );
    const wait = barrier(3);
    await Promise.all(Array.from({ length: 3 }, () => unsafeApprove(r.id, wait)));
    expect(await doubleDecisions(b, r.id)).toBeGreaterThan(0);
  });
});
