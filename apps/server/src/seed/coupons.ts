import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { couponPrints } from '../db/schema/coupon-prints';
import { products } from '../db/schema/products';
import { insertBatch, reserveSerials, setBatch } from '../modules/coupon-batches/coupon-batches.repository';
import { fillBatch } from '../modules/coupon-batches/coupon-generation';
import { labelPages } from '../modules/coupon-prints/coupon-prints.repository';
import { renderLabels } from '../modules/coupon-prints/label-pdf';
import { countNewBatch, moveCoupons } from '../modules/coupons/coupon-transitions';
import { databaseFileStore } from '../plugins/storage';
import { seedCouponActivity, staffIdOf } from './coupon-activity';
import { seedDemoSchemes } from './schemes';
import { seedThroughServices } from './seed-services';

const DAY = 86_400_000;
const DEMO_SCAN_BASE = 'http://localhost:3000';

const PRODUCTS = [
  { sku: 'LAM-1MM-GL', name: 'Laminate 1 mm Gloss', category: 'Laminates', unit: 'sheet', basePoints: 10 },
  { sku: 'LAM-08MM-MT', name: 'Laminate 0.8 mm Matt', category: 'Laminates', unit: 'sheet', basePoints: 6 },
  { sku: 'PLY-18-BWP', name: 'Plywood 18 mm BWP', category: 'Plywood', unit: 'board', basePoints: 40 },
  { sku: 'PLY-12-MR', name: 'Plywood 12 mm MR', category: 'Plywood', unit: 'board', basePoints: 25 },
  { sku: 'MDF-18-HDHMR', name: 'HDHMR Board 18 mm', category: 'Boards', unit: 'board', basePoints: 30 },
  { sku: 'DOOR-FL-32', name: 'Flush Door 32 mm', category: 'Doors', unit: 'door', basePoints: 50 },
];

/** A ready batch of `n` codes created `daysAgo` (serials reserved, codes stored, counters started). */
async function demoBatch(
  db: Executor,
  productId: number,
  n: number,
  daysAgo: number,
  expiresOn: string,
  by: number,
) {
  const at = new Date(Date.now() - daysAgo * DAY);
  const firstSerial = await reserveSerials(db, n);
  const fill = { firstSerial, lastSerial: firstSerial + n - 1 };
  const batchId = await insertBatch(db, {
    productId,
    quantity: n,
    expiresOn,
    ...fill,
    status: 'ready',
    createdBy: by,
    createdAt: at,
    readyAt: at,
  });
  await fillBatch(db, { batchId, ...fill });
  await countNewBatch(db, batchId, n);
  return { batchId, ...fill };
}

/**
 * Demo coupons: SKUs, batches (ready, expired, failed), printed ranges with real label PDFs, then
 * invoices, allocations, scans and damaged reports (coupon-activity.ts). Demo profile only.
 */
export async function seedDemoCoupons(database: Database): Promise<void> {
  const { db } = database;
  const files = databaseFileStore(database);
  const printing = await staffIdOf(db, 'printing');
  const finance = await staffIdOf(db, 'finance');
  const created = await db
    .insert(products)
    .values(PRODUCTS)
    .returning({ id: products.id, sku: products.sku });
  const batches: { productId: number; batchId: number; firstSerial: number; lastSerial: number }[] = [];
  for (const [i, p] of created.entries()) {
    const b = await demoBatch(db, p.id, 240, 40 - i, '2030-03-31', finance);
    batches.push({ productId: p.id, ...b });
    const to = b.firstSerial + 199;
    const doc = renderLabels(labelPages(db, b.firstSerial, to), {
      layout: 'a4',
      baseUrl: DEMO_SCAN_BASE,
      copies: 1,
    });
    const file = await files.save(
      {
        name: `punch-demo-${p.sku}.pdf`,
        contentType: 'application/pdf',
        purpose: 'label_pdf',
        owner: { staffId: printing },
        attached: true,
      },
      doc,
    );
    await moveCoupons(db, {
      where: sql`serial between ${b.firstSerial} and ${to}`,
      from: ['generated'],
      to: 'printed',
    });
    await db.insert(couponPrints).values({
      batchId: b.batchId,
      fromSerial: b.firstSerial,
      toSerial: to,
      layout: 'a4',
      labels: 200,
      reprint: false,
      status: 'ready',
      fileId: file.id,
      createdBy: printing,
      createdAt: new Date(Date.now() - (38 - i) * DAY),
    });
  }
  const old = await demoBatch(db, created[0]!.id, 60, 400, '2025-03-31', finance);
  await moveCoupons(db, {
    where: sql`serial between ${old.firstSerial} and ${old.lastSerial}`,
    from: ['generated'],
    to: 'printed',
  });
  const failedFirst = await reserveSerials(db, 500);
  const failed = await insertBatch(db, {
    productId: created[2]!.id,
    quantity: 500,
    expiresOn: '2030-03-31',
    firstSerial: failedFirst,
    lastSerial: failedFirst + 499,
    createdBy: finance,
    createdAt: new Date(Date.now() - 20 * DAY),
  });
  await setBatch(db, failed, { status: 'failed', error: 'Demo: the generation task was stopped' });
  await seedCouponActivity(db, created, batches);
  await seedThroughServices(database, PRODUCTS[2]!.sku, batches[0]!.firstSerial);
  await seedDemoSchemes(
    database,
    created.map((p) => p.id),
  );
}
