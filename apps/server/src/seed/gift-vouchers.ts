import { shiftDay, todayInIndia } from '@app/contract/format';
import { VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Actor } from '../lib/audit';
import { addVoucher, retireVouchers, revealPin } from '../modules/gift-vouchers/gift-vouchers.service';
import { uploadVouchers } from '../modules/gift-vouchers/gift-vouchers-upload.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';

const BRANDS: [string, number[]][] = [
  ['Amazon', [500, 1000, 2000]],
  // No Flipkart ₹1,000: the demo redemption of one stays approved, waiting for stock.
  ['Flipkart', [500, 2000]],
  ['Myntra', [1000]],
  ['Croma', [2000, 5000]],
];

const day = (offset: number) => shiftDay(todayInIndia(), offset);
const dmy = (offset: number) => day(offset).split('-').reverse().join('/');

async function voucherSheet(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Gift vouchers');
  ws.addRow([...VOUCHER_UPLOAD_COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const code = (brand: string, rupees: number, i: number) =>
  `${brand.replace(/\W/g, '').slice(0, 4).toUpperCase()}-${rupees}-${String(7_301 + i * 37).padStart(6, '0')}`;

/**
 * Demo voucher stock made through the services, each step audited: a supplier upload with a
 * duplicate row (applied with "apply valid rows", so its error report exists) that fulfils the
 * voucher redemptions waiting for its brands (seeded before), vouchers added by hand, some voided and
 * expired in bulk, and a PIN revealed.
 */
export async function seedDemoGiftVouchers(database: Database, encryptionKey: Buffer) {
  const { db } = database;
  const app = {
    database,
    files: databaseFileStore(database),
    config: { encryptionKey },
  } as unknown as FastifyInstance;
  const almond: Actor = { id: await staffIdOf(db, 'almond team'), role: 'almond team', requestId: null };
  const cs: Actor = { id: await staffIdOf(db, 'cs'), role: 'cs', requestId: null };

  const rows: (string | number)[][] = [];
  let i = 0;
  for (const [brand, denominations] of BRANDS)
    for (const rupees of denominations)
      for (let n = 0; n < 8; n++, i++)
        rows.push([
          brand,
          rupees,
          code(brand, rupees, i),
          String(100_000 + ((i * 7_919) % 900_000)),
          dmy(20 + ((i * 13) % 340)),
        ]);
  rows.push(rows[3]!.slice()); // the same code twice: refused with both row numbers
  await uploadVouchers(app, almond, {
    content: await voucherSheet(rows),
    fileName: 'supplier-vouchers-demo.xlsx',
    applyValid: true,
  });

  const added = await addVoucher(app, cs, {
    brand: 'Amazon',
    denominationPaise: 100_000,
    code: 'AMAZ-1000-MANUAL1',
    pin: '843921',
    expiresOn: day(8),
  });
  await revealPin(app, almond, added.id);

  const pick = async (brand: string, rupees: number, limit: number) =>
    (
      await db.execute<{ id: number }>(sql`select id from gift_vouchers where brand = ${brand}
        and denomination_paise = ${rupees * 100} and status = 'available' order by id desc limit ${limit}`)
    ).rows.map((r) => Number(r.id));
  await retireVouchers(app, almond, {
    action: 'void',
    ids: await pick('Flipkart', 2000, 2),
    reason: 'Codes reported leaked by the supplier',
  });
  await retireVouchers(app, almond, {
    action: 'expire',
    ids: await pick('Croma', 5000, 3),
    reason: 'Supplier withdrew this batch',
  });
}
