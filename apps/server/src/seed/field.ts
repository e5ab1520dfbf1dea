import type { Territory } from '@app/contract/employees';
import { MAX_VISIT_PHOTO_BYTES, type VisitType } from '@app/contract/field';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { fieldOnboardings, fieldVisits } from '../db/schema/employees';
import { members } from '../db/schema/members';
import type { Actor } from '../lib/audit';
import type { IdempotencyContext } from '../lib/idempotency';
import { IMAGES } from '../lib/uploads';
import { IST_MONTH_START } from '../modules/employees/bdes.repository';
import { assignMembers, createBde, updateBde } from '../modules/employees/bdes.service';
import { createEmployee, setStatus } from '../modules/employees/employees.service';
import { checkIn, checkOut, onboardMember } from '../modules/employees/field-app.service';
import { storeUpload } from '../modules/files/files.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';
import { demoDocumentPng } from './demo-png';
import { DEMO_PASSWORD } from './staff';

/** The field-app password of every demo BDE (sign in at POST /api/field/login with the BDE's mobile). */
export const DEMO_FIELD_PASSWORD = `field-${DEMO_PASSWORD}`;

const noKey: IdempotencyContext = { scope: 'seed', key: undefined, fingerprint: '' };

interface Person {
  code: string;
  name: string;
  designation: string;
  zone: string;
  manager?: string;
}

const TREE: Person[] = [
  { code: 'AT-001', name: 'Vikram Mehta', designation: 'National Sales Manager', zone: 'India' },
  {
    code: 'AT-010',
    name: 'Sunita Kulkarni',
    designation: 'Regional Sales Manager',
    zone: 'West',
    manager: 'AT-001',
  },
  {
    code: 'AT-020',
    name: 'Arvind Rao',
    designation: 'Regional Sales Manager',
    zone: 'South',
    manager: 'AT-001',
  },
  {
    code: 'AT-011',
    name: 'Nikhil Deshmukh',
    designation: 'Area Sales Manager',
    zone: 'Maharashtra',
    manager: 'AT-010',
  },
  {
    code: 'AT-012',
    name: 'Hetal Shah',
    designation: 'Area Sales Manager',
    zone: 'Gujarat',
    manager: 'AT-010',
  },
  {
    code: 'AT-021',
    name: 'Lakshmi Narayanan',
    designation: 'Area Sales Manager',
    zone: 'Tamil Nadu',
    manager: 'AT-020',
  },
  { code: 'AT-101', name: 'Rohit Pawar', designation: 'BDE', zone: 'Maharashtra', manager: 'AT-011' },
  { code: 'AT-102', name: 'Sneha Joshi', designation: 'BDE', zone: 'Maharashtra', manager: 'AT-011' },
  { code: 'AT-103', name: 'Kiran Patel', designation: 'BDE', zone: 'Gujarat', manager: 'AT-012' },
  { code: 'AT-104', name: 'Manoj Kumar', designation: 'BDE', zone: 'Karnataka', manager: 'AT-020' },
  { code: 'AT-105', name: 'Divya Subramanian', designation: 'BDE', zone: 'Tamil Nadu', manager: 'AT-021' },
  { code: 'AT-106', name: 'Farhan Qureshi', designation: 'BDE', zone: 'Gujarat', manager: 'AT-012' },
  { code: 'AT-201', name: 'Meera Iyer', designation: 'Sales Coordinator', zone: 'South', manager: 'AT-020' },
  {
    code: 'AT-202',
    name: 'Prakash Gupta',
    designation: 'Sales Coordinator',
    zone: 'West',
    manager: 'AT-010',
  },
];

/** BDE → territory, target, and a centre for its visits. */
const BDES: Record<
  string,
  {
    states: Territory['states'];
    districts: string[];
    pincodes: string[];
    target: number;
    at: [number, number];
    place: [string, string, string];
  }
> = {
  'AT-101': {
    states: [],
    districts: ['Pune'],
    pincodes: ['411001', '411004'],
    target: 12,
    at: [18.5204, 73.8567],
    place: ['Maharashtra', 'Pune', '411001'],
  },
  'AT-102': {
    states: [],
    districts: ['Mumbai Suburban', 'Nagpur'],
    pincodes: [],
    target: 10,
    at: [19.076, 72.8777],
    place: ['Maharashtra', 'Mumbai Suburban', '400050'],
  },
  'AT-103': {
    states: ['Gujarat'],
    districts: [],
    pincodes: [],
    target: 8,
    at: [23.0225, 72.5714],
    place: ['Gujarat', 'Ahmedabad', '380009'],
  },
  'AT-104': {
    states: ['Karnataka'],
    districts: [],
    pincodes: [],
    target: 8,
    at: [12.9716, 77.5946],
    place: ['Karnataka', 'Bengaluru Urban', '560001'],
  },
  'AT-105': {
    states: [],
    districts: ['Chennai', 'Coimbatore'],
    pincodes: [],
    target: 6,
    at: [13.0827, 80.2707],
    place: ['Tamil Nadu', 'Chennai', '600017'],
  },
  'AT-106': {
    states: [],
    districts: ['Surat'],
    pincodes: [],
    target: 5,
    at: [21.1702, 72.8311],
    place: ['Gujarat', 'Surat', '395003'],
  },
};

const PARTIES: Record<VisitType, string[]> = {
  dealer_visit: ['Shree Laminates', 'Balaji Plywood House', 'Om Sai Hardware', 'Royal Decor Centre'],
  carpenter_meet: ['Carpenter meet at the dealer', 'Monthly carpenter meet', 'Vishwakarma carpenter group'],
  site_visit: ['Green Park residency site', 'Sunrise towers interiors', 'Office fit-out, MG Road'],
};

const ONBOARDED = [
  ['Ganesh Sutar', 'carpenter'],
  ['Imran Shaikh', 'contractor'],
  ['Pooja Nair', 'architect'],
  ['Ravi Mistry', 'carpenter'],
  ['Sanjay Chauhan', 'dealer'],
  ['Anil Vishwakarma', 'carpenter'],
  ['Deepak More', 'contractor'],
  ['Kavita Reddy', 'architect'],
] as const;

/** Metres → degrees of latitude (enough for demo offsets). */
const north = (metres: number) => metres / 111_195;

/**
 * Field force demo data, made through the services (so it has audit history): an employee tree with
 * one inactive coordinator, six BDEs with territories and targets (one with field access off),
 * members assigned to them, visits over the last fortnight (one open, some flagged: a far check-out,
 * a place outside the territory) and members onboarded this month.
 */
export async function seedDemoField(database: Database, encryptionKey: Buffer) {
  const { db } = database;
  const app = {
    database,
    files: databaseFileStore(database),
    config: { encryptionKey },
  } as unknown as FastifyInstance;
  const admin: Actor = { id: await staffIdOf(db, 'admin'), role: 'admin', requestId: null };
  const ids = new Map<string, number>();
  for (const [i, p] of TREE.entries()) {
    const row = await createEmployee(app, admin, {
      code: p.code,
      name: p.name,
      mobile: `80000${String(10_000 + i).slice(-5)}`,
      email: `${p.name.split(' ')[0]!.toLowerCase()}@actiontesa.example`,
      designation: p.designation,
      department: p.designation.startsWith('Sales Coordinator') ? 'Sales Operations' : 'Sales',
      zone: p.zone,
      managerId: p.manager ? ids.get(p.manager)! : null,
    });
    ids.set(p.code, row.id);
  }
  await setStatus(app, admin, ids.get('AT-202')!, 'inactive');

  for (const [code, b] of Object.entries(BDES)) {
    await createBde(app, admin, {
      employeeId: ids.get(code)!,
      territory: { states: b.states, districts: b.districts, pincodes: b.pincodes },
      monthlyTarget: b.target,
      password: DEMO_FIELD_PASSWORD,
    });
    // Members of the territory's state are looked after by this BDE (up to eight, unassigned ones).
    const state = b.place[0];
    const district = b.place[1];
    const nearby = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.state, state), eq(members.district, district), isNull(members.bdeId)))
      .orderBy(members.id)
      .limit(8);
    if (nearby.length > 0)
      await assignMembers(
        app,
        admin,
        ids.get(code)!,
        nearby.map((m) => m.id),
      );
  }

  // Visits over the last 14 days: three per active BDE, and a few flagged ones.
  const types: VisitType[] = ['dealer_visit', 'carpenter_meet', 'site_visit'];
  let n = 0;
  let mobile = 6_200_000_000;
  const activeBdes = Object.entries(BDES).filter(([code]) => code !== 'AT-106');
  for (const [code, b] of activeBdes) {
    const me = ids.get(code)!;
    for (let k = 0; k < 3; k++) {
      n++;
      const type = types[(n + k) % 3]!;
      const outside = n % 7 === 0;
      const far = n % 5 === 0;
      const jitter = north(300 * k);
      // Every other visit carries a photo, uploaded as the field app does.
      const photoIds =
        n % 2 === 0
          ? [
              (
                await storeUpload(
                  app,
                  {
                    name: `visit-${n}.png`,
                    content: demoDocumentPng([90 + n * 7, 120, 80 + k * 40], 64, 48),
                    purpose: 'visit_photo',
                    owner: { employeeId: me },
                  },
                  IMAGES,
                  MAX_VISIT_PHOTO_BYTES,
                )
              ).id,
            ]
          : [];
      const visit = await checkIn(
        app,
        me,
        `seed-${n}`,
        {
          type,
          party: PARTIES[type][n % PARTIES[type].length]!,
          lat: b.at[0] + jitter,
          lng: b.at[1] + jitter,
          accuracy: 10 + (n % 20),
          place: outside
            ? { state: 'Madhya Pradesh', district: 'Indore', pincode: '452001' }
            : { state: b.place[0], district: b.place[1], pincode: b.place[2] },
          photoIds,
          note: type === 'site_visit' ? 'Measured the site for laminates' : 'Stock and scheme discussion',
        },
        noKey,
      );
      const id = visit.body.id;
      // The last visit of the first BDE stays open (checked in, not out).
      const open = code === 'AT-101' && k === 2;
      if (k === 1) {
        const [fn, type2] = ONBOARDED[n % ONBOARDED.length]!;
        await onboardMember(
          app,
          me,
          `seed-onboard-${n}`,
          {
            mobile: String(mobile++),
            name: `${fn}`,
            type: type2,
            dateOfBirth: '1985-06-15',
            address: {
              line: `${n} Station Road`,
              city: b.place[1],
              district: b.place[1],
              state: b.place[0],
              pincode: b.place[2],
            },
            visitId: id,
          },
          noKey,
        );
      }
      if (!open)
        await checkOut(
          app,
          me,
          `seed-out-${n}`,
          id,
          {
            lat: b.at[0] + jitter + north(far ? 3200 : 80),
            lng: b.at[1] + jitter,
            notes: far ? 'Left for the next dealer' : 'Order expected next week',
          },
          noKey,
        );
      // Spread the demo visits over the last fortnight (the services stamp them now).
      const daysAgo = open ? 0 : (n * 3) % 14;
      const minutes = 25 + ((n * 17) % 90);
      await db
        .update(fieldVisits)
        .set({
          checkInAt: sql`now() - make_interval(days => ${daysAgo}, mins => ${minutes + 30 + (n % 6) * 47})`,
          checkOutAt: open
            ? null
            : sql`now() - make_interval(days => ${daysAgo}, mins => ${30 + (n % 6) * 47})`,
        })
        .where(eq(fieldVisits.id, id));
      await db
        .update(fieldOnboardings)
        .set({ createdAt: sql`greatest(now() - make_interval(days => ${daysAgo}), ${IST_MONTH_START})` })
        .where(eq(fieldOnboardings.visitId, id));
    }
  }
  // One BDE has field-app access turned off.
  await updateBde(app, admin, ids.get('AT-106')!, { active: false });
}
