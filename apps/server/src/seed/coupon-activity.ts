import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { damagedReportItems, damagedReports } from '../db/schema/damaged-coupons';
import { distributors, invoiceLines, invoices } from '../db/schema/invoices';
import { stateAt } from '../lib/geo/india-states';
import { insertAllocation } from '../modules/coupon-allocations/coupon-allocations.repository';
import { moveCoupons, moveCouponsReturning } from '../modules/coupons/coupon-transitions';
import { seededRandom } from './member-demo-data';

const DAY = 86_400_000;

export const staffIdOf = async (db: Executor, role: string): Promise<number> => {
  const r = await db.execute(
    sql`select s.id from staff s join roles r on r.id = s.role_id where r.name = ${role} limit 1`,
  );
  return Number((r.rows[0] as { id: number }).id);
};
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

const DISTRIBUTORS = [
  {
    code: 'DST-MH-001',
    name: 'Sai Timber Mart',
    gstin: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    city: 'Pune',
  },
  {
    code: 'DST-KA-001',
    name: 'Kaveri Plywood House',
    gstin: '29AABCT1332L1ZT',
    state: 'Karnataka',
    city: 'Bengaluru',
  },
  { code: 'DST-TN-001', name: 'Chola Boards & Doors', gstin: null, state: 'Tamil Nadu', city: 'Chennai' },
  {
    code: 'DST-DL-001',
    name: 'Capital Laminates',
    gstin: '07AAACC1206D1ZM',
    state: 'Delhi',
    city: 'New Delhi',
  },
  { code: 'DST-GJ-001', name: 'Narmada Interiors Supply', gstin: null, state: 'Gujarat', city: 'Ahmedabad' },
];

/** Invoices, allocations of printed stock, scans by approved members, and damaged reports. */
export async function seedCouponActivity(
  db: Executor,
  products: { id: number }[],
  batches: { productId: number; firstSerial: number }[],
): Promise<void> {
  const rnd = seededRandom(5);
  const cs = await staffIdOf(db, 'cs');
  const distribution = await staffIdOf(db, 'distribution');
  const almond = await staffIdOf(db, 'almond team');
  const dists = await db
    .insert(distributors)
    .values(DISTRIBUTORS)
    .returning({ id: distributors.id, state: distributors.state });
  const allocated: { serial: number; distributorId: number; productId: number; state: string; at: Date }[] =
    [];
  for (let i = 0; i < 8; i++) {
    const d = dists[i % dists.length]!;
    const at = daysAgo(30 - i * 3);
    const [inv] = await db
      .insert(invoices)
      .values({
        distributorId: d.id,
        number: `SI/24-25/${1001 + i}`,
        invoiceDate: at.toISOString().slice(0, 10),
        createdBy: cs,
        createdAt: at,
      })
      .returning({ id: invoices.id });
    const productIds = [products[i % products.length]!.id, products[(i + 2) % products.length]!.id];
    for (const productId of productIds) {
      const quantity = rnd.int(40, 100);
      const [line] = await db
        .insert(invoiceLines)
        .values({ invoiceId: inv!.id, productId, quantity })
        .returning({ id: invoiceLines.id });
      const want = Math.min(quantity, rnd.int(10, 30));
      const allocationId = await insertAllocation(db, {
        invoiceLineId: line!.id,
        mode: 'next',
        quantity: want,
        createdBy: distribution,
        createdAt: daysAgo(28 - i * 3),
      });
      const moved = await moveCouponsReturning(db, {
        where: sql`batch_id in (select id from coupon_batches where product_id = ${productId} and expires_on > now())`,
        from: ['printed'],
        to: 'active',
        set: sql`allocation_id = ${allocationId}`,
        take: want,
      });
      const serials = moved.map((m) => m.serial);
      await db.execute(
        sql`update coupon_allocations set quantity = ${serials.length}, from_serial = ${Math.min(...serials)}, to_serial = ${Math.max(...serials)} where id = ${allocationId}`,
      );
      await db.execute(sql`update invoice_lines set allocated = ${serials.length} where id = ${line!.id}`);
      for (const serial of serials)
        allocated.push({ serial, distributorId: d.id, productId, state: d.state, at: daysAgo(27 - i * 3) });
    }
  }
  await seedScans(db, allocated, rnd);
  // One pending report (printed stock) and one approved (a live coupon voided).
  const pending = batches[1]!.firstSerial + 210;
  const [r1] = await db
    .insert(damagedReports)
    .values({
      mode: 'range',
      reason: 'torn',
      quantity: 2,
      reportedBy: distribution,
      createdAt: daysAgo(2),
      note: 'Labels torn in transit',
    })
    .returning({ id: damagedReports.id });
  await db.insert(damagedReportItems).values([
    { reportId: r1!.id, serial: pending },
    { reportId: r1!.id, serial: pending + 1 },
  ]);
  const live = allocated.at(-1)!;
  const [r2] = await db
    .insert(damagedReports)
    .values({
      mode: 'single',
      reason: 'unreadable',
      quantity: 1,
      reportedBy: distribution,
      status: 'approved',
      decidedBy: almond,
      decidedAt: daysAgo(3),
      voided: 1,
      replaced: 0,
      createdAt: daysAgo(4),
    })
    .returning({ id: damagedReports.id });
  await db.insert(damagedReportItems).values({ reportId: r2!.id, serial: live.serial });
  await moveCoupons(db, { where: sql`serial = ${live.serial}`, from: ['active'], to: 'damaged' });
  await db.execute(
    sql`update invoice_lines set allocated = allocated - 1 where id = (select invoice_line_id from coupon_allocations a join coupons c on c.allocation_id = a.id where c.serial = ${live.serial})`,
  );
}

/**
 * Scans by approved members, each a real scan through the database function `scan_coupon` (the
 * member app's path): the coupon moves to scanned, the ledger entry `scan:<serial>`, the scan
 * record, referral on a first scan and fraud flags, all with their cause. They happen now.
 */
async function seedScans(
  db: Executor,
  allocated: { serial: number; distributorId: number; productId: number; state: string; at: Date }[],
  rnd: ReturnType<typeof seededRandom>,
) {
  const eligible = await db.execute(
    sql`select m.id, m.state from members m where m.status = 'approved' order by m.id limit 20`,
  );
  const people = eligible.rows as { id: number; state: string }[];
  if (people.length === 0) return;
  const toScan = allocated
    .slice(0, -1)
    .filter(() => rnd.next() < 0.5)
    .slice(0, 40);
  for (const [i, c] of toScan.entries()) {
    const m = people[i % people.length]!;
    const [coupon] = (await db.execute(sql`select code from coupons where serial = ${c.serial}`)).rows as {
      code: string;
    }[];
    // Every seventh from Panaji (Goa) by its coordinates, the app saying the member's state, so the
    // fraud flag has examples; no rate limit for the seed.
    const [lat, lng] = i % 7 === 3 ? [15.4909, 73.8278] : [null, null];
    await db.execute(
      sql`select scan_coupon(${m.id}::int, ${coupon!.code}::text, ${coupon!.code}::text, ${lat}::float8,
        ${lng}::float8, ${m.state}::text, 1000000, ${stateAt(lat, lng)}::text)`,
    );
  }
}
