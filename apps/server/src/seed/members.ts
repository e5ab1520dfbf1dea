import { createHash } from 'node:crypto';
import { MEMBER_TYPES } from '@app/contract/members';
import { type BuiltInRole, demoEmail } from '@app/contract/permissions';
import { PRIVACY_NOTICE_VERSION, PRIVACY_PURPOSES } from '@app/contract/privacy';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { fileChunks, files } from '../db/schema/files';
import { members, termsVersions } from '../db/schema/members';
import { joiningSettings, referralSettings } from '../db/schema/points-settings';
import { staff } from '../db/schema/staff';
import { encryptText } from '../lib/field-crypto';
import { textArray } from '../lib/raw-sql';
import { demoDocumentPng } from './demo-png';
import { FIRST_NAMES, JOINING_POINTS, LAST_NAMES, PLACES, seededRandom } from './member-demo-data';
import { type DemoMember, seedDemoHistory } from './member-demo-history';

export const DEMO_MEMBER_COUNT = 320;
const DAY = 86_400_000;

/** One demo file in a single chunk, made by the seed (no owner) and attached from the start. */
async function storeDemoFile(
  db: Executor,
  file: { name: string; purpose: 'kyc_image' | 'thumbnail'; data: Buffer; thumbnailId?: number },
) {
  const [row] = await db
    .insert(files)
    .values({
      name: file.name,
      contentType: 'image/png',
      size: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      status: 'ready',
      purpose: file.purpose,
      attachedAt: new Date(),
      thumbnailId: file.thumbnailId ?? null,
    })
    .returning({ id: files.id });
  await db.insert(fileChunks).values({ fileId: row!.id, seq: 0, data: file.data });
  return row!.id;
}

/**
 * Demo document images, stored once and shared by every demo KYC submission; already attached,
 * so no member can claim them for a submission of their own. Each is thumbnail-sized already, so
 * its thumbnail is a copy of it.
 */
async function seedDocuments(
  db: Executor,
): Promise<Record<'aadhaarFront' | 'aadhaarBack' | 'pan' | 'cheque', number>> {
  const colours = {
    aadhaarFront: [230, 240, 255],
    aadhaarBack: [225, 250, 230],
    pan: [255, 245, 220],
    cheque: [245, 235, 250],
  } as const;
  const ids = {} as Record<keyof typeof colours, number>;
  for (const [doc, rgb] of Object.entries(colours) as [keyof typeof colours, [number, number, number]][]) {
    const png = demoDocumentPng(rgb);
    const thumbnailId = await storeDemoFile(db, { name: 'thumbnail.png', purpose: 'thumbnail', data: png });
    ids[doc] = await storeDemoFile(db, {
      name: `demo-${doc}.png`,
      purpose: 'kyc_image',
      data: png,
      thumbnailId,
    });
  }
  return ids;
}

async function seedSettings(db: Executor, now: number, adminId: number) {
  await db.insert(termsVersions).values([
    { version: '1.0', publishedAt: new Date(now - 500 * DAY) },
    { version: '1.1', publishedAt: new Date(now - 60 * DAY) },
  ]);
  await db.insert(joiningSettings).values(
    MEMBER_TYPES.flatMap((type) => [
      {
        memberType: type,
        points: JOINING_POINTS[type] / 2,
        effectiveFrom: new Date(now - 500 * DAY),
        createdBy: adminId,
      },
      {
        memberType: type,
        points: JOINING_POINTS[type],
        effectiveFrom: new Date(now - 120 * DAY),
        createdBy: adminId,
      },
    ]),
  );
  await db.insert(referralSettings).values([
    {
      referrerPoints: 50,
      refereePoints: 25,
      trigger: 'registration_approved',
      effectiveFrom: new Date(now - 500 * DAY),
      createdBy: adminId,
    },
    {
      referrerPoints: 100,
      refereePoints: 50,
      trigger: 'registration_approved',
      effectiveFrom: new Date(now - 90 * DAY),
      createdBy: adminId,
    },
  ]);
}

/**
 * A few hundred members across states, types and statuses, with KYC submissions in every state,
 * ledger history and adjustment requests (PRODUCT.md §5). Demo profile only; bulk inserts.
 */
export async function seedDemoMembers(db: Executor, encryptionKey: Buffer): Promise<void> {
  const rnd = seededRandom(20_240_401);
  const now = Date.now();
  const roles: BuiltInRole[] = ['cs', 'finance', 'almond team', 'admin'];
  const staffRows = await db
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(inArray(staff.email, roles.map(demoEmail)));
  const staffId = (role: BuiltInRole) => staffRows.find((s) => s.email === demoEmail(role))!.id;
  await seedSettings(db, now, staffId('admin'));
  const documents = await seedDocuments(db);

  const states = Object.keys(PLACES);
  const list: DemoMember[] = [];
  for (let i = 1; i <= DEMO_MEMBER_COUNT; i++) {
    const state = i <= states.length ? states[i - 1]! : rnd.pick(states);
    const [district, city, pin] = rnd.pick(PLACES[state]!);
    const type =
      i <= 30
        ? 'dealer'
        : rnd.weighted([
            ['carpenter', 5],
            ['contractor', 3],
            ['architect', 1],
            ['retailer', 1],
          ] as const);
    const status =
      i <= 30
        ? 'approved'
        : rnd.weighted([
            ['approved', 66],
            ['pending', 14],
            ['rejected', 8],
            ['blocked', 6],
          ] as const);
    const approvedish = status === 'approved' || status === 'blocked';
    const dealers = list.filter((m) => m.type === 'dealer');
    list.push({
      id: i,
      code: `M${String(i).padStart(6, '0')}`,
      name: `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`,
      mobile: `9${String(100_000_000 + i * 7919).slice(-9)}`,
      type,
      dateOfBirth: `19${rnd.int(60, 99)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      addressLine: `${rnd.int(1, 300)}, ${rnd.pick(['MG Road', 'Station Road', 'Market Yard', 'Industrial Area', 'Gandhi Nagar'])}`,
      city,
      district,
      state,
      pincode: `${pin}${String(rnd.int(1, 99)).padStart(3, '0')}`,
      dealerId: type !== 'dealer' && dealers.length > 0 && rnd.next() < 0.7 ? rnd.pick(dealers).id : null,
      referralCode: `D${createHash('sha256').update(`ref${i}`).digest('hex').slice(0, 7).toUpperCase()}`,
      referredBy: i > 40 && rnd.next() < 0.25 ? rnd.int(1, 40) : null,
      status,
      statusReason:
        status === 'rejected'
          ? rnd.pick(['Duplicate registration', 'Not a trade partner', 'Address could not be verified'])
          : status === 'blocked'
            ? 'Suspicious scan pattern'
            : null,
      kycStatus: approvedish
        ? rnd.weighted([
            ['approved', 5],
            ['submitted', 2],
            ['rejected', 1],
            ['none', 2],
          ] as const)
        : status === 'pending' && rnd.next() < 0.3
          ? 'submitted'
          : 'none',
      termsVersion: approvedish ? rnd.pick(['1.0', '1.1']) : null,
      createdAt: new Date(now - rnd.int(1, 400) * DAY - rnd.int(0, DAY - 1)),
    });
  }
  for (const m of list)
    if (m.status !== 'pending' && m.status !== 'rejected')
      // Approved one to three days after registering, and never after now.
      m.approvedAt = new Date(Math.min(m.createdAt.getTime() + rnd.int(1, 3) * DAY, now - 120_000));
  const history = seedDemoHistory(list, {
    rnd,
    now,
    staffId,
    documents,
    encryptionKey: encryptionKey,
    encrypt: encryptText,
  });
  for (const m of list) m.balance = history.balances.get(m.id) ?? 0;

  for (let i = 0; i < list.length; i += 200) await db.insert(members).values(list.slice(i, i + 200));
  await db.execute(sql`select setval(pg_get_serial_sequence('members', 'id'), ${DEMO_MEMBER_COUNT})`);
  // Each demo member answered the privacy notice in the app when registering, marketing included.
  await db.execute(sql`insert into privacy_consents (member_id, purpose, granted, notice_version, channel,
      language, given_at)
    select m.id, p.purpose, true, ${PRIVACY_NOTICE_VERSION}, 'app', m.language, m.created_at
    from members m cross join unnest(${textArray([...PRIVACY_PURPOSES])}) as p(purpose) order by m.id`);
  await history.insert(db);
}
