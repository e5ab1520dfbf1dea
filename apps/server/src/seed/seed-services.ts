import { INVOICE_UPLOAD_COLUMNS } from '@app/contract/invoices';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client';
import { tasks } from '../db/schema/tasks';
import type { Actor } from '../lib/audit';
import { undoAllocation } from '../modules/coupon-allocations/coupon-allocations.service';
import { createPrint, renderPrint } from '../modules/coupon-prints/coupon-prints.service';
import { rejectReport, reportDamaged } from '../modules/damaged-coupons/damaged-coupons.service';
import { uploadInvoices } from '../modules/invoices/invoice-uploads.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';

/**
 * The app as the services see it during seeding (no server, no workers yet): the database, file
 * storage, the scan URL, and a task queue that only records the task; the seed runs it in place.
 */
function seedApp(database: Database): FastifyInstance {
  const jobs = {
    async enqueue(tx: Executor, kind: string, payload: object, createdBy: number | null) {
      const [task] = await tx.insert(tasks).values({ kind, payload, createdBy }).returning({ id: tasks.id });
      return task!.id;
    },
  };
  return {
    database,
    files: databaseFileStore(database),
    config: { scanBaseUrl: 'http://localhost:3000' },
    jobs,
  } as unknown as FastifyInstance;
}

const actorOf = async (db: Executor, role: string): Promise<Actor> => ({
  id: await staffIdOf(db, role),
  role,
  requestId: null,
});

async function invoiceSheet(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  ws.addRow([...INVOICE_UPLOAD_COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Demo records that only the services make, each with its audit entry: an invoice upload with a
 * bad row (upload history and its error report), a reprint, an undone allocation and a rejected
 * damaged report.
 */
export async function seedThroughServices(database: Database, sku: string, reprintFrom: number) {
  const { db } = database;
  const app = seedApp(database);
  const cs = await actorOf(db, 'cs');
  const distribution = await actorOf(db, 'distribution');
  const almond = await actorOf(db, 'almond team');
  const printing = await actorOf(db, 'printing');
  const date = new Date(Date.now() - 2 * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('-');
  const shop = ['DST-MH-001', 'Sai Timber Mart', '27AAPFU0939F1ZV', 'Maharashtra', 'Pune'];
  await uploadInvoices(app, cs, {
    name: 'demo-invoices.xlsx',
    content: await invoiceSheet([
      ['SI/24-25/2001', date, ...shop, sku, 30],
      ['SI/24-25/2002', date, ...shop, 'NO-SUCH-SKU', 5],
    ]),
    applyValid: true,
  });

  const print = await createPrint(app, printing, {
    batchId: null,
    fromSerial: reprintFrom,
    toSerial: reprintFrom + 9,
    layout: 'thermal',
    copies: 1,
  });
  await renderPrint(app, print.id);
  await db
    .update(tasks)
    .set({ status: 'done', done: print.labels, total: print.labels, finishedAt: sql`now()` })
    .where(sql`${tasks.id} = (select task_id from coupon_prints where id = ${print.id})`);

  const [allocation] = (
    await db.execute(sql`select a.id from coupon_allocations a where a.undone_at is null
      and not exists (select 1 from coupons c where c.allocation_id = a.id and c.status <> 'active')
      order by a.id desc limit 1`)
  ).rows as { id: number }[];
  if (allocation) await undoAllocation(app, distribution, Number(allocation.id), 'Wrong invoice line chosen');

  const [printed] = (
    await db.execute(sql`select serial from coupons where status = 'printed'
      and not exists (select 1 from damaged_report_items i where i.serial = coupons.serial)
      order by serial desc limit 1`)
  ).rows as { serial: number }[];
  const report = await reportDamaged(app, distribution, {
    mode: 'single',
    serial: Number(printed!.serial),
    reason: 'torn',
    note: 'Reported torn; found intact on a second look',
  } as Parameters<typeof reportDamaged>[2]);
  await rejectReport(app, almond, report.id, 'The label is intact: keep it in stock');
}
