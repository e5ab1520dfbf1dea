import { shiftDay, todayInIndia } from '@app/contract/format';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client';
import { banners, events, galleryAlbums, socialLinks, virtualRooms } from '../db/schema/content';
import { members } from '../db/schema/members';
import { products } from '../db/schema/products';
import { type Actor, audit } from '../lib/audit';
import { IMAGES, PDF } from '../lib/uploads';
import { archiveDocument, createDocument, publishDocument } from '../modules/content/documents.service';
import { takeSeat } from '../modules/content/events.registrations';
import { addImage } from '../modules/content/gallery.service';
import { storeUpload } from '../modules/files/files.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';
import { demoDocumentPng } from './demo-png';

/**
 * Demo content for the six content pages, every state present: active and archived records, draft,
 * published and superseded documents, banners for all / one member type / one state / expired,
 * events upcoming, full and past with registrations. Written through the services (and, for the
 * plain records the route factory writes, the same insert with its audit entry).
 */

type RecordTable =
  | typeof socialLinks
  | typeof virtualRooms
  | typeof galleryAlbums
  | typeof banners
  | typeof events;

async function record(
  db: Executor,
  actor: Actor,
  table: RecordTable,
  entity: string,
  values: object,
  archived = false,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(table)
      .values(values as never)
      .returning();
    const created = row as { id: number };
    await audit(tx, actor, { action: `${entity}.created`, entity, entityId: created.id, after: row });
    if (archived) {
      await tx
        .update(table)
        .set({ active: false } as never)
        .where(eq(table.id, created.id));
      await audit(tx, actor, {
        action: `${entity}.archived`,
        entity,
        entityId: created.id,
        before: row,
        after: { ...row, active: false },
      });
    }
    return created.id;
  });
}

/** A one-page PDF with a line of text (a real PDF, so the upload check accepts it). */
function demoPdf(line: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function seedDemoContent(database: Database): Promise<void> {
  const { db } = database;
  const app = { database, files: databaseFileStore(database) } as unknown as FastifyInstance;
  const marketing: Actor = { id: await staffIdOf(db, 'marketing'), role: 'marketing', requestId: null };
  const owner = { staffId: marketing.id! };
  const image = async (name: string, rgb: [number, number, number], w = 640, h = 360) =>
    (
      await storeUpload(
        app,
        { name, content: demoDocumentPng(rgb, w, h), purpose: 'content_image', owner },
        IMAGES,
        10 << 20,
      )
    ).id;

  // Social Connect
  for (const [i, [platform, url, archived]] of (
    [
      ['Facebook', 'https://www.facebook.com/actiontesa', false],
      ['Instagram', 'https://www.instagram.com/actiontesa', false],
      ['YouTube', 'https://www.youtube.com/@actiontesa', false],
      ['LinkedIn', 'https://www.linkedin.com/company/action-tesa', false],
      ['Twitter', 'https://twitter.com/actiontesa', true],
    ] as const
  ).entries())
    await record(db, marketing, socialLinks, 'social_link', { platform, url, sortOrder: i }, archived);

  // Documents: terms 1.0 superseded by 1.1 (the members' versions), a 1.2 draft; the others published.
  const doc = (
    kind: 'terms' | 'privacy' | 'scheme_rules' | 'faq',
    version: string,
    title: string,
    body: string,
    hi?: { title: string; body: string },
  ) =>
    createDocument(app, marketing, {
      kind,
      version,
      title,
      format: 'markdown',
      body,
      translations: hi ? { hi } : undefined,
    });
  const terms10 = await doc(
    'terms',
    '1.0',
    'Terms and conditions',
    '# Terms\n\nPoints are earned by scanning genuine coupons.',
  );
  await publishDocument(app, marketing, terms10.id);
  const terms11 = await doc(
    'terms',
    '1.1',
    'Terms and conditions',
    '# Terms\n\nPoints are earned by scanning genuine coupons.\n\nPoints expire after 3 years.',
    {
      title: 'नियम और शर्तें',
      body: '# शर्तें\n\nपॉइंट्स असली कूपन स्कैन करके मिलते हैं।\n\nपॉइंट्स 3 साल बाद समाप्त हो जाते हैं।',
    },
  );
  await publishDocument(app, marketing, terms11.id);
  await doc(
    'terms',
    '1.2',
    'Terms and conditions (draft)',
    '# Terms\n\nDraft: redemption limits per financial year.',
  );
  await publishDocument(
    app,
    marketing,
    (
      await doc(
        'privacy',
        '1.0',
        'Privacy policy',
        'We keep your mobile number, address and KYC documents to run the programme.',
        {
          title: 'गोपनीयता नीति',
          body: 'कार्यक्रम चलाने के लिए हम आपका मोबाइल नंबर, पता और केवाईसी दस्तावेज़ रखते हैं।',
        },
      )
    ).id,
  );
  await publishDocument(
    app,
    marketing,
    (
      await doc(
        'faq',
        '1.0',
        'Frequently asked questions',
        '## How do I earn points?\n\nScan the QR code on each product.',
        {
          title: 'अक्सर पूछे जाने वाले सवाल',
          body: '## पॉइंट्स कैसे कमाएँ?\n\nहर उत्पाद पर लगा QR कोड स्कैन करें।',
        },
      )
    ).id,
  );
  const oldFaq = await doc('faq', '0.9', 'FAQ (old)', 'Superseded draft, archived.');
  await archiveDocument(app, marketing, oldFaq.id);
  const pdf = await storeUpload(
    app,
    { name: 'scheme-rules.pdf', content: demoPdf('Scheme rules 2026'), purpose: 'content_document', owner },
    PDF,
    10 << 20,
  );
  await publishDocument(
    app,
    marketing,
    (
      await createDocument(app, marketing, {
        kind: 'scheme_rules',
        version: '2026.1',
        title: 'Scheme rules 2026',
        format: 'pdf',
        fileId: pdf.id,
        translations: { hi: { title: 'स्कीम के नियम 2026' } },
      })
    ).id,
  );

  // Virtual Room
  const productIds = (await db.select({ id: products.id }).from(products).limit(4)).map((p) => p.id);
  await record(db, marketing, virtualRooms, 'virtual_room', {
    title: 'Modular kitchen showroom',
    description: 'Laminates and boards in a full kitchen, in 360°.',
    imageFileId: await image('kitchen-360.png', [196, 150, 90], 1024, 512),
    productIds: productIds.slice(0, 2),
    sortOrder: 0,
  });
  await record(db, marketing, virtualRooms, 'virtual_room', {
    title: 'Bedroom wardrobe walk-through',
    description: 'A video tour of wardrobe finishes.',
    videoUrl: 'https://www.youtube.com/watch?v=actiontesa01',
    productIds: productIds.slice(2, 4),
    sortOrder: 1,
  });
  await record(
    db,
    marketing,
    virtualRooms,
    'virtual_room',
    {
      title: 'Old office display',
      description: 'Replaced by the kitchen showroom.',
      videoUrl: 'https://www.youtube.com/watch?v=actiontesa00',
      sortOrder: 2,
    },
    true,
  );

  // Gallery
  const albums: [string, [number, number, number][], boolean][] = [
    [
      'Dealer meet, Pune',
      [
        [200, 80, 60],
        [60, 120, 200],
        [80, 160, 90],
      ],
      false,
    ],
    [
      'Factory visit',
      [
        [150, 150, 150],
        [220, 180, 60],
      ],
      false,
    ],
    ['Diwali 2025', [[230, 120, 30]], true],
  ];
  for (const [i, [title, colours, archived]] of albums.entries()) {
    const albumId = await record(
      db,
      marketing,
      galleryAlbums,
      'gallery_album',
      { title, description: `${title}: photos`, sortOrder: i },
      archived,
    );
    for (const [n, rgb] of colours.entries())
      await addImage(app, marketing, albumId, {
        fileId: await image(`${title} ${n + 1}.png`, rgb),
        caption: `${title} #${n + 1}`,
      });
  }

  // Banners
  const today = todayInIndia();
  const banner = async (title: string, rgb: [number, number, number], extra: object, archived = false) =>
    record(
      db,
      marketing,
      banners,
      'banner',
      {
        title,
        imageFileId: await image(`${title}.png`, rgb, 960, 320),
        startsOn: shiftDay(today, -7),
        endsOn: shiftDay(today, 30),
        ...extra,
      },
      archived,
    );
  await banner('Scan and win: double points week', [240, 160, 40], {
    linkUrl: 'https://actiontesa.com/offers',
    sortOrder: 0,
  });
  await banner('Carpenters: training camp', [60, 140, 90], { memberTypes: ['carpenter'], sortOrder: 1 });
  await banner('Maharashtra dealer meet', [40, 90, 180], { states: ['Maharashtra'], sortOrder: 2 });
  await banner('Monsoon offer (ended)', [120, 120, 200], {
    startsOn: shiftDay(today, -60),
    endsOn: shiftDay(today, -30),
    sortOrder: 3,
  });
  await banner('Old logo banner', [90, 90, 90], { sortOrder: 4 }, true);

  // Events, with registrations of approved members
  const at = (days: number, hour: number) =>
    new Date(`${shiftDay(today, days)}T${String(hour).padStart(2, '0')}:00:00+05:30`);
  const event = async (
    title: string,
    type: string,
    days: number,
    capacity: number,
    extra: object = {},
    archived = false,
  ) =>
    record(
      db,
      marketing,
      events,
      'event',
      {
        title,
        type,
        venue: 'Hotel Sayaji, Pune',
        description: `${title}.`,
        startsAt: at(days, 10),
        endsAt: at(days, 17),
        capacity,
        imageFileIds: [await image(`${title}.png`, [100, 60, 160])],
        ...extra,
      },
      archived,
    );
  const approved = (
    await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.status, 'approved'))
      .orderBy(members.id)
      .limit(30)
  ).map((m) => m.id);
  const register = (eventId: number, ids: number[]) =>
    db.transaction(async (tx) => {
      for (const id of ids) await takeSeat(tx, eventId, id);
    });
  const meet = await event('Carpenter meet, Pune', 'meet', 12, 100);
  await register(meet, approved.slice(0, 18));
  const full = await event('Laminate training (full)', 'training', 20, 8, {
    venue: 'Action Tesa training centre, Nashik',
  });
  await register(full, approved.slice(10, 18));
  const past = await event('Factory visit, Hoshiarpur', 'site_visit', 40, 50, {
    venue: 'Action Tesa plant, Hoshiarpur',
  });
  await register(past, approved.slice(18, 30));
  // The factory visit took place: moved into the past after its registrations (the app closes ended events).
  await db
    .update(events)
    .set({ startsAt: at(-40, 10), endsAt: at(-40, 17) })
    .where(eq(events.id, past));
  await event('Webinar: new finishes', 'webinar', 5, 500, { venue: 'Online' }, true);
}
