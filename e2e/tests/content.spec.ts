import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { requestCode } from '../server-log';
import { fillDateTime, signIn } from './helpers';
import { APP_CONSENT, staffToken } from './member-app';

/** A member registered through the member API, with its session token. */
async function newMember(page: Page): Promise<string> {
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const code = await requestCode(page.request, mobile);
  const res = await page.request.post('/api/app/register', {
    data: {
      mobile,
      code,
      name: 'Suresh Patil',
      type: 'carpenter',
      dateOfBirth: '1986-04-12',
      address: {
        line: '4 Station Road',
        city: 'Pune',
        district: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      consent: APP_CONSENT,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return `Bearer ${(await res.json()).token}`;
}

/** A small solid PNG (the upload is checked by content). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const data = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a terms version is published, accepted by a member through the app, and counted on the page', async ({
  page,
}) => {
  const version = `9.${String(Date.now()).slice(-6)}`;
  await signIn(page, 'marketing');
  await page.goto('/dashboard/mainsettings/terms');
  await page.getByRole('link', { name: 'Add document' }).click();
  await page.getByLabel('Version').fill(version);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Terms and conditions');
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('# Terms\n\nScan genuine coupons only.');
  // The Hindi title and text; Marathi, Gujarati and Tamil left empty (their members read the English).
  await page.getByLabel('Title (Hindi)').fill('नियम और शर्तें');
  await page.getByLabel('Text (Hindi)').fill('# शर्तें\n\nकेवल असली कूपन स्कैन करें।');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The document is added')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: version });
  await expect(row).toContainText('draft');
  await row.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Terms and conditions ${version} is published`)).toBeVisible();
  await expect(row).toContainText('published');

  const member = await newMember(page);
  const headers = { authorization: member };
  const profile = await (await page.request.get('/api/app/profile', { headers })).json();
  expect(profile).toMatchObject({ currentTermsVersion: version, termsAcceptanceNeeded: true });
  const terms = (await (await page.request.get('/api/app/content/documents', { headers })).json()).find(
    (d: { kind: string }) => d.kind === 'terms',
  );
  expect(terms).toMatchObject({ version, title: 'Terms and conditions', language: 'en' });
  expect((await page.request.patch('/api/app/profile', { headers, data: { language: 'hi' } })).status()).toBe(
    200,
  );
  const inHindi = (await (await page.request.get('/api/app/content/documents', { headers })).json()).find(
    (d: { kind: string }) => d.kind === 'terms',
  );
  expect(inHindi).toMatchObject({ version, title: 'नियम और शर्तें', language: 'hi' });
  expect(inHindi.body).toContain('केवल असली कूपन स्कैन करें।');
  const accepted = await page.request.post('/api/app/terms/accept', { headers, data: { version } });
  expect(accepted.status()).toBe(200);
  expect((await accepted.json()).termsAcceptanceNeeded).toBe(false);

  await page.reload();
  const counted = page.getByRole('row').filter({ hasText: version });
  // "Accepted by" is the column before the row's (now empty) actions.
  const cells = counted.getByRole('cell');
  await expect(cells.nth((await cells.count()) - 2)).toHaveText('1');
});

test('an image uploaded to a gallery album shows its thumbnail', async ({ page }) => {
  const title = `Expo ${String(Date.now()).slice(-6)}`;
  await signIn(page, 'marketing');
  await page.goto('/dashboard/media/gallery');
  await page.getByRole('link', { name: 'Add album' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The album is added')).toBeVisible();

  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Images' }).click();
  await expect(page.getByText('No images in this album yet')).toBeVisible();
  await page
    .getByLabel('Upload images')
    .setInputFiles({ name: 'stand-front.png', mimeType: 'image/png', buffer: png(800, 500, [30, 120, 200]) });
  await expect(page.getByText('1 image(s) added')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'stand-front' });
  await expect(thumbnail).toBeVisible();
  // The thumbnail really decoded (a webp from the server, not a broken image).
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.goto('/dashboard/media/gallery');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('1');
});

test('an image uploaded to an event shows its thumbnail, and the member app gets its URL', async ({
  page,
}) => {
  const title = `Carpenters meet ${String(Date.now()).slice(-6)}`;
  const token = await staffToken(page.request, 'marketing@demo.local');
  const created = await page.request.post('/api/admin/content/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      type: 'meet',
      venue: 'Hotel Shivar, Pune',
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 86_400_000 + 3 * 3_600_000).toISOString(),
      capacity: 80,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const event = (await created.json()) as { id: number };

  await signIn(page, 'marketing');
  await page.goto('/dashboard/media/event');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('event-thumbnails')).toHaveCount(0);
  await row.getByText(title).click();
  await page
    .getByLabel('Images')
    .setInputFiles({ name: 'meet-stage.png', mimeType: 'image/png', buffer: png(800, 500, [200, 90, 30]) });
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The event is saved')).toBeVisible();

  // The list row shows the stored image's thumbnail, served by the event's own route.
  const thumbnail = row.getByRole('img', { name: `${title}, image 1` });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Reopened, the form shows it too (from the server this time).
  await row.getByText(title).click();
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();

  const member = await newMember(page);
  const events = (await (
    await page.request.get('/api/app/content/events', { headers: { authorization: member } })
  ).json()) as { id: number; imageUrls: string[] }[];
  const mine = events.find((e) => e.id === event.id)!;
  expect(mine.imageUrls).toHaveLength(1);
  const image = await page.request.get(mine.imageUrls[0]!, { headers: { authorization: member } });
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\/png/);
});

test('an event is timed in India time, typed dd/mm/yyyy hh:mm, whatever the browser zone', async ({
  page,
}) => {
  const title = `Dealer evening ${String(Date.now()).slice(-6)}`;
  const token = await staffToken(page.request, 'marketing@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/admin/content/events', {
    headers,
    data: {
      title,
      type: 'meet',
      venue: 'Hotel Shivar, Pune',
      startsAt: '2030-12-13T04:30:00.000Z',
      endsAt: '2030-12-13T07:30:00.000Z',
      capacity: 40,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const event = (await created.json()) as { id: number };

  await signIn(page, 'marketing');
  await page.goto(`/dashboard/media/event/${event.id}/edit`);
  // 04:30 UTC is 10:00 am in India; the test browser runs in UTC.
  await expect(page.getByRole('group', { name: 'Starts (IST)' })).toContainText('13/12/2030 10:00 AM');
  await fillDateTime(page, 'Starts (IST)', '2030-12-14T18:15');
  await fillDateTime(page, 'Ends (IST)', '2030-12-14T21:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The event is saved')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('14 Dec 2030, 6:15 pm');
  const stored = (await (
    await page.request.get(`/api/admin/content/events/${event.id}`, { headers })
  ).json()) as { startsAt: string; endsAt: string };
  expect(new Date(stored.startsAt).toISOString()).toBe('2030-12-14T12:45:00.000Z');
  expect(new Date(stored.endsAt).toISOString()).toBe('2030-12-14T15:30:00.000Z');
});
