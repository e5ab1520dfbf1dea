import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { barrier } from '../coupons/race.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';

const TRIALS = 20;
const CONCURRENT = 50;
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let codes: { serial: number; code: string }[];
let members: { id: number; token: string }[];

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  const b = await printedBatch(t, TRIALS + 2);
  const line = await invoiceLine(t, b.productId, TRIALS + 2);
  await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/coupon-allocations',
      payload: { invoiceLineId: line, mode: 'next', quantity: TRIALS + 2 },
    }),
  );
  codes = (
    await kit.sql('select serial::int, code from coupons where batch_id = $1 order by serial', [b.id])
  ).map((r) => ({ serial: Number(r.serial), code: String(r.code) }));
  members = await Promise.all(Array.from({ length: CONCURRENT }, () => memberWithToken(t)));
});
afterAll(() => t?.close());

/** Ledger credits caused by scanning this coupon: the property under test is "exactly one". */
const creditsOf = async (serial: number) =>
  Number(
    (
      await kit.sql(
        "select count(*)::int as n from points_ledger where kind = 'scan' and reference like $1",
        [`scan:${serial}%`],
      )
    )[0]!.n,
  );

/** A scan that reads the status, then writes without a guard, crediting under a per-attempt reference. */
async function unsafeScan(memberId: number, serial: number, wait: () => Promise<void>) {
  const client = await t.database.pool!.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query('select status from coupons where serial = $1', [serial]);
    await wait();
    if (rows[0].status !== 'active') return client.query('rollback');
    await client.query("update coupons set status = 'scanned' where serial = $1", [serial]);
    await client.query('update members set balance = balance + 10 where id = $1', [memberId]);
    await client.query(
      "insert into points_ledger (member_id, amount, kind, reference, balance_after) select id, 10, 'scan', $2, balance from members where id = $1::bigint",
      [memberId, `scan:${serial}:${memberId}`],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('concurrent scans of one code (PostgreSQL)', () => {
  it(`credit exactly once: ${CONCURRENT} concurrent scans × ${TRIALS} trials`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const { serial, code } = codes[trial]!;
      const answers = await Promise.all(members.map((m) => scanAs(t, m.token, { code })));
      const results = answers.map((a) => a.json().result);
      expect(
        results.filter((r) => r === 'success'),
        `trial ${trial}`,
      ).toHaveLength(1);
      expect(results.filter((r) => r !== 'success').every((r) => r === 'already_scanned')).toBe(true);
      expect(await creditsOf(serial)).toBe(1);
      const [attempts] = await kit.sql(
        'select count(*)::int as n from coupon_scans where coupon_serial = $1',
        [serial],
      );
      expect(attempts!.n).toBe(CONCURRENT);
    }
  });

  it('one member sending one scan 20 times at once under one Idempotency-Key: one attempt, one credit, one answer', async () => {
    const { serial, code } = codes[TRIALS + 1]!;
    const [m] = members;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => scanAs(t, m!.token, { code }, 'same-key')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((a) => a.json());
    expect(bodies[0]).toMatchObject({ result: 'success', serial });
    expect(bodies.every((b) => JSON.stringify(b) === JSON.stringify(bodies[0]))).toBe(true);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await creditsOf(serial)).toBe(1);
    const [attempts] = await kit.sql('select count(*)::int as n from coupon_scans where coupon_serial = $1', [
      serial,
    ]);
    expect(attempts!.n).toBe(1);
  });

  it('catches the double credit of an unguarded scan (the check can fail)', async () => {
    const { serial } = codes[TRIALS]!;
    const wait = barrier(5);
    await Promise.all(members.slice(0, 5).map((m) => unsafeScan(m.id, serial, wait)));
    expect(await creditsOf(serial)).toBeGreaterThan(1);
  });
});
