import { AUDIENCE_UPLOAD_COLUMNS } from '@app/contract/notifications';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client';
import { tasks } from '../db/schema/tasks';
import type { Actor } from '../lib/audit';
import { setVersion } from '../modules/app-versions/app-versions.service';
import { fanOut } from '../modules/notifications/notification-fanout';
import {
  cancelNotification,
  createNotification,
  uploadAudience,
} from '../modules/notifications/notifications.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';

/** The services' view of the app while seeding: the task queue records the task, the seed runs it. */
function seedApp(database: Database): FastifyInstance {
  const jobs = {
    async enqueue(tx: Executor, kind: string, payload: object, createdBy: number | null) {
      const [task] = await tx.insert(tasks).values({ kind, payload, createdBy }).returning({ id: tasks.id });
      return task!.id;
    },
  };
  return { database, files: databaseFileStore(database), jobs } as unknown as FastifyInstance;
}

const actorOf = async (db: Executor, role: string): Promise<Actor> => ({
  id: await staffIdOf(db, role),
  role,
  requestId: null,
});

const quiet = { send: async (b: { memberIds: number[] }) => b.memberIds.length };

/** Runs a sent notification's fan-out in place and closes its task as the worker would. */
async function sendInPlace(database: Database, id: number) {
  const result = await fanOut(database, id, { sender: quiet });
  await database.db.execute(sql`update tasks set status = 'done', started_at = now(), finished_at = now(),
      done = (select recipients from notifications where id = ${id}),
      total = (select recipients from notifications where id = ${id}), result = ${JSON.stringify(result)}::jsonb
    where id = (select task_id from notifications where id = ${id})`);
}

/** Members read part of what they got: every `every`-th recipient, for the read counts. */
async function readSome(db: Executor, id: number, every: number) {
  await db.execute(sql`update inbox_messages
    set read_at = least(now(), created_at + make_interval(mins => (member_id % 300)::int))
    where notification_id = ${id} and member_id % ${every} = 0`);
  await db.execute(sql`update notifications set read_count =
    (select count(*) from inbox_messages where notification_id = ${id} and read_at is not null) where id = ${id}`);
}

async function memberSheet(db: Executor) {
  const picked = (
    await db.execute(sql`select code, mobile from members where status = 'approved' order by id limit 12`)
  ).rows as { code: string; mobile: string }[];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Members');
  ws.addRow([...AUDIENCE_UPLOAD_COLUMNS]);
  for (const [i, m] of picked.entries()) ws.addRow([i % 2 === 0 ? m.code : m.mobile]);
  ws.addRow(['M999999']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Demo content of Manage Notification and Update Version, made through the services (audited):
 * notifications sent to every kind of audience with some reads, one scheduled, one cancelled, and
 * two changes of each platform's versions.
 */
export async function seedDemoNotifications(database: Database): Promise<void> {
  const { db } = database;
  const app = seedApp(database);
  const marketing = await actorOf(db, 'marketing');
  const almond = await actorOf(db, 'almond team');

  await setVersion(app, almond, 'android', {
    latest: '2.3.0',
    minimum: '2.0.0',
    force: false,
    notes: 'Scan history',
  });
  await setVersion(app, almond, 'android', {
    latest: '2.4.1',
    minimum: '2.1.0',
    force: false,
    notes: 'Faster QR scanning; gift voucher wallet',
  });
  await setVersion(app, almond, 'ios', {
    latest: '2.3.0',
    minimum: '2.0.0',
    force: false,
    notes: 'Scan history',
  });
  await setVersion(app, almond, 'ios', {
    latest: '2.4.0',
    minimum: '2.4.0',
    force: true,
    notes: 'Required: new sign-in security',
  });

  const sent = [
    {
      title: 'Diwali double points',
      body: 'Scan any plywood coupon till 15 Nov and earn double points.',
      audience: { kind: 'all' as const },
      every: 3,
    },
    {
      title: 'New architect catalogue',
      body: 'The 2026 laminate catalogue is out. Open the app to browse it.',
      link: '/catalogue',
      audience: { kind: 'types' as const, types: ['architect' as const] },
      every: 2,
    },
    {
      title: 'Dealer meet in Kochi',
      body: 'Dealers and retailers of Kerala and Karnataka: meet us on 30 Nov at the Grand Hyatt, Kochi.',
      audience: { kind: 'states' as const, states: ['Kerala' as const, 'Karnataka' as const] },
      every: 4,
    },
  ];
  for (const n of sent) {
    const row = await createNotification(app, marketing, { ...n, link: n.link ?? null, sendAt: null });
    await sendInPlace(database, row.id);
    await readSome(db, row.id, n.every);
  }

  const upload = await uploadAudience(app, marketing, { content: await memberSheet(db), applyValid: true });
  if (upload.uploadId) {
    const listed = await createNotification(app, marketing, {
      title: 'Your KYC is pending',
      body: 'Complete your KYC to redeem points for bank transfers.',
      audience: { kind: 'list', uploadId: upload.uploadId },
      sendAt: null,
    });
    await sendInPlace(database, listed.id);
    await readSome(db, listed.id, 2);
  }

  const tomorrow = new Date(Date.now() + 86_400_000);
  tomorrow.setUTCHours(4, 30, 0, 0); // 10:00 IST
  await createNotification(app, marketing, {
    title: 'Republic Day quiz',
    body: 'Answer three questions in the app and win 100 points.',
    audience: { kind: 'types', types: ['carpenter', 'contractor'] },
    sendAt: tomorrow.toISOString(),
  });
  const withdrawn = await createNotification(app, marketing, {
    title: 'Price list change (draft)',
    body: 'Prices change from 1 Dec.',
    audience: { kind: 'types', types: ['dealer'] },
    sendAt: tomorrow.toISOString(),
  });
  await cancelNotification(app, marketing, withdrawn.id);
}
