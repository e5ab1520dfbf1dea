import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asToken, memberToken, ok, upload } from './content.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eventBody = (imageFileIds: number[]) => ({
  title: 'Dealer meet with photos',
  type: 'meet',
  venue: 'Pune',
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 90_000_000).toISOString(),
  capacity: 50,
  imageFileIds,
});
const create = (imageFileIds: number[]) =>
  t.as('marketing', { method: 'POST', url: '/api/admin/content/events', payload: eventBody(imageFileIds) });

/** A stored file that is not the marketing user's own content image. */
async function stored(
  purpose: 'content_image' | 'content_document' | 'feedback_attachment',
  owner: { staffId: number } | { memberId: number },
) {
  const saved = await t.app.files.save(
    { name: 'other.png', contentType: 'image/png', purpose, owner },
    Buffer.from('not mine'),
  );
  return saved.id;
}

describe('event images (the content files mechanism)', () => {
  it('attaches uploaded images, serves them and their thumbnails to staff and members', async () => {
    const [first, second] = [await upload(t, 'marketing'), await upload(t, 'marketing')];
    const created = await create([first, second]);
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json();
    expect(event.imageFileIds).toEqual([first, second]);

    for (const path of [`${first}`, `${first}/thumbnail`, `${second}/thumbnail`]) {
      const res = await t.as('marketing', { url: `/api/admin/content/events/${event.id}/images/${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    }
    // Through the record's own page: a role without Event is refused.
    expect(
      (await t.as('finance', { url: `/api/admin/content/events/${event.id}/images/${first}` })).statusCode,
    ).toBe(403);

    const member = await memberToken(t);
    const listed = (await asToken(t, member.token, { url: '/api/app/content/events' })).json();
    const mine = listed.find((e: { id: number }) => e.id === event.id);
    expect(mine.imageUrls).toEqual([
      `/api/app/content/events/${event.id}/images/${first}`,
      `/api/app/content/events/${event.id}/images/${second}`,
    ]);
    for (const url of mine.imageUrls as string[]) {
      const res = await asToken(t, member.token, { url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
      expect((await asToken(t, member.token, { url: `${url}/thumbnail` })).statusCode).toBe(200);
    }
    // Not for someone signed out.
    expect((await t.app.inject({ url: mine.imageUrls[0] })).statusCode).toBe(401);

    // Edited down to one image: the other is no longer this event's to serve.
    await ok(t, 'marketing', {
      method: 'PUT',
      url: `/api/admin/content/events/${event.id}`,
      payload: { imageFileIds: [second] },
    });
    expect(
      (await t.as('marketing', { url: `/api/admin/content/events/${event.id}/images/${first}` })).statusCode,
    ).toBe(404);
    expect((await asToken(t, member.token, { url: mine.imageUrls[0] })).statusCode).toBe(404);
  });

  it('refuses a file of another staff member, a member, another purpose, or one already claimed', async () => {
    const staffId = async (email: string) =>
      Number((await t.database.executeSql('select id from staff where email = $1', [email])).rows[0]!.id);
    const someoneElses = await stored('content_image', { staffId: await staffId('admin@demo.local') });
    const member = await memberToken(t);
    const membersPhoto = await stored('feedback_attachment', { memberId: member.id });
    // The marketing user's own file, but uploaded as a document, not an image.
    const document = await stored('content_document', { staffId: await staffId('marketing@demo.local') });
    const claimed = await upload(t, 'marketing');
    expect((await create([claimed])).statusCode).toBe(200);
    for (const id of [someoneElses, membersPhoto, document, claimed]) {
      const res = await create([id]);
      expect(res.statusCode, `file ${id}`).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['imageFileIds']);
    }
    // Another event's image is not served through this event.
    const other = (await create([await upload(t, 'marketing')])).json();
    const res = await t.as('marketing', { url: `/api/admin/content/events/${other.id}/images/${claimed}` });
    expect(res.statusCode).toBe(404);
  });
});
