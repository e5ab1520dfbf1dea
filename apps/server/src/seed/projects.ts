import type { FeedbackCreateBody } from '@app/contract/feedback';
import { todayInIndia } from '@app/contract/format';
import type { ProjectCreateBody } from '@app/contract/projects';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client';
import type { Actor } from '../lib/audit';
import { IMAGES } from '../lib/uploads';
import { createFeedback, moveFeedback, replyToFeedback } from '../modules/feedback/feedback.service';
import { storeUpload } from '../modules/files/files.service';
import { addBonusSetting, createProject, decideProject } from '../modules/projects/projects.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';
import { demoDocumentPng } from './demo-png';

const noKey = { scope: 'seed', key: undefined, fingerprint: '' };

const actorOf = async (db: Executor, role: string): Promise<Actor> => ({
  id: await staffIdOf(db, role),
  role,
  requestId: null,
});

const PROJECTS: Omit<ProjectCreateBody, 'photoFileIds'>[] = [
  {
    name: 'Green Valley Villas',
    siteAddress: 'Plot 14, Baner Road, Pune',
    pincode: '411045',
    latitude: 18.559,
    longitude: 73.787,
    type: 'residential',
    stage: 'structure',
    expectedQuantity: 120,
  },
  {
    name: 'Orchid Business Park',
    siteAddress: 'Sector 62, Noida',
    pincode: '201309',
    latitude: 28.627,
    longitude: 77.373,
    type: 'commercial',
    stage: 'finishing',
    expectedQuantity: 340,
  },
  {
    name: 'Hotel Sagar Residency',
    siteAddress: 'Beach Road, Visakhapatnam',
    pincode: '530017',
    latitude: 17.72,
    longitude: 83.33,
    type: 'hospitality',
    stage: 'foundation',
    expectedQuantity: 260,
  },
  {
    name: 'St. Mary’s School Block B',
    siteAddress: 'Church Street, Kochi',
    pincode: '682001',
    latitude: null,
    longitude: null,
    type: 'institutional',
    stage: 'planning',
    expectedQuantity: 80,
  },
  {
    name: 'Lakeview Apartments',
    siteAddress: 'Hebbal Ring Road, Bengaluru',
    pincode: '560024',
    latitude: 13.035,
    longitude: 77.597,
    type: 'residential',
    stage: 'finishing',
    expectedQuantity: 410,
  },
  {
    name: 'Shree Ganesh Showroom',
    siteAddress: 'MG Road, Indore',
    pincode: '452001',
    latitude: 22.719,
    longitude: 75.857,
    type: 'commercial',
    stage: 'completed',
    expectedQuantity: 45,
  },
  {
    name: 'Sunrise Bungalow',
    siteAddress: 'Civil Lines, Jaipur',
    pincode: '302006',
    latitude: 26.906,
    longitude: 75.79,
    type: 'residential',
    stage: 'structure',
    expectedQuantity: 60,
  },
  {
    name: 'City Hospital Annexe',
    siteAddress: 'Ring Road, Surat',
    pincode: '395002',
    latitude: 21.17,
    longitude: 72.83,
    type: 'institutional',
    stage: 'foundation',
    expectedQuantity: 220,
  },
  {
    name: 'Riverside Café',
    siteAddress: 'Ghat Road, Nashik',
    pincode: '422001',
    latitude: null,
    longitude: null,
    type: 'hospitality',
    stage: 'finishing',
    expectedQuantity: 30,
  },
  {
    name: 'Farmhouse at Lonavala',
    siteAddress: 'Tungarli, Lonavala',
    pincode: '410401',
    latitude: 18.75,
    longitude: 73.4,
    type: 'other',
    stage: 'planning',
    expectedQuantity: 25,
  },
];
/** What becomes of each project above: approved, rejected (with the reason) or left to decide. */
const PROJECT_OUTCOMES: (string | null)[] = [
  'approved',
  'approved',
  'Site photos show a different building',
  null,
  'approved',
  'Registered twice: see the earlier entry',
  null,
  'approved',
  null,
  'Expected quantity cannot be confirmed by the dealer',
];

const FEEDBACK: (FeedbackCreateBody & { replies: string[]; to: ('in_progress' | 'resolved')[] })[] = [
  {
    category: 'product',
    rating: 2,
    message: 'The 18 mm ply had edge chipping in the last lot from Sai Timber Mart.',
    attachmentFileIds: [],
    replies: ['Sorry about that. Our quality team will visit the dealer this week.'],
    to: [],
  },
  {
    category: 'points',
    rating: 3,
    message: 'Points for my scan on Monday are not showing yet.',
    attachmentFileIds: [],
    replies: ['The scan was credited on Tuesday: 40 points. Please check your ledger.'],
    to: ['resolved'],
  },
  {
    category: 'app',
    rating: 4,
    message: 'The app is easy to use. Please add Marathi.',
    attachmentFileIds: [],
    replies: [],
    to: [],
  },
  {
    category: 'scheme',
    rating: 5,
    message: 'The Diwali scheme was very good, thank you!',
    attachmentFileIds: [],
    replies: ['Thank you for the kind words!'],
    to: ['resolved'],
  },
  {
    category: 'redemption',
    rating: 1,
    message: 'My gift voucher has not arrived after ten days.',
    attachmentFileIds: [],
    replies: ['We are checking with the courier.', 'The courier confirms delivery tomorrow.'],
    to: [],
  },
  {
    category: 'other',
    rating: 3,
    message: 'Can the dealer meet be held in Nagpur next time?',
    attachmentFileIds: [],
    replies: [],
    to: [],
  },
  {
    category: 'product',
    rating: 4,
    message: 'New laminate shades look great; samples please.',
    attachmentFileIds: [],
    replies: [],
    to: ['in_progress'],
  },
];

/**
 * Projects in every state (with photos) and feedback in every state with replies, made through the
 * services so each has its audit history; registered a few days back so nothing lies in the future.
 */
export async function seedDemoProjects(database: Database) {
  const { db } = database;
  const app = { database, files: databaseFileStore(database) } as unknown as FastifyInstance;
  const cs = await actorOf(db, 'cs');
  const almond = await actorOf(db, 'almond team');
  const result = await db.execute(sql`select id from members where status = 'approved' order by id limit 20`);
  const memberIds = (result.rows as { id: number | string }[]).map((r) => Number(r.id));
  if (memberIds.length < PROJECTS.length + FEEDBACK.length) return;
  await addBonusSetting(app, almond, { points: 500, effectiveFrom: todayInIndia() });

  for (const [i, project] of PROJECTS.entries()) {
    const memberId = memberIds[i]!;
    const photoFileIds: number[] = [];
    for (let p = 0; p < 1 + (i % 2); p++) {
      const photo = await storeUpload(
        app,
        {
          name: `project_photo-${memberId}`,
          content: demoDocumentPng([90 + i * 12, 140 + p * 30, 110], 320, 200),
          purpose: 'project_photo',
          owner: { memberId },
        },
        IMAGES,
        5 * 1024 * 1024,
      );
      photoFileIds.push(photo.id);
    }
    const made = await createProject(app, memberId, { ...project, photoFileIds }, noKey);
    await db.execute(sql`update projects set created_at = now() - make_interval(days => ${12 - i}, hours => ${i})
      where id = ${made.body.id}`);
    const outcome = PROJECT_OUTCOMES[i];
    if (outcome === 'approved') await decideProject(app, cs, made.body.id, 'approved', undefined);
    else if (outcome) await decideProject(app, cs, made.body.id, 'rejected', outcome);
  }

  for (const [i, { replies, to, ...body }] of FEEDBACK.entries()) {
    const memberId = memberIds[10 + i]!;
    const attachmentFileIds =
      i === 0
        ? [
            (
              await storeUpload(
                app,
                {
                  name: `feedback_attachment-${memberId}`,
                  content: demoDocumentPng([200, 170, 120], 320, 200),
                  purpose: 'feedback_attachment',
                  owner: { memberId },
                },
                IMAGES,
                5 * 1024 * 1024,
              )
            ).id,
          ]
        : [];
    const made = await createFeedback(app, memberId, { ...body, attachmentFileIds }, noKey);
    await db.execute(sql`update feedback set created_at = now() - make_interval(days => ${8 - i}, hours => ${i}),
      updated_at = now() - make_interval(days => ${8 - i}, hours => ${i}) where id = ${made.body.id}`);
    for (const text of replies) await replyToFeedback(app, cs, made.body.id, text);
    // A reply moves open feedback to in progress by itself (feedback.service replyToFeedback).
    for (const state of to) await moveFeedback(app, cs, made.body.id, { to: state });
  }
}
