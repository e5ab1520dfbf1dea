import { shiftDay, todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asToken, memberToken, ok, upload } from './content.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (role: string, url: string, payload: object) => t.as(role, { method: 'POST', url, payload });
const put = (role: string, url: string, payload: object) => t.as(role, { method: 'PUT', url, payload });
const fieldsOf = (res: { json: () => { fields?: Record<string, string> } }) =>
  Object.keys(res.json().fields ?? {});

describe('social links', () => {
  it('creates, edits and archives a link, each with an audit entry', async () => {
    const link = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/social-links',
      payload: { platform: 'Threads', url: 'https://threads.net/@tesa', sortOrder: 9 },
    });
    expect(link).toMatchObject({ platform: 'Threads', active: true, sortOrder: 9 });
    const edited = await ok(t, 'marketing', {
      method: 'PUT',
      url: `/api/admin/content/social-links/${link.id}`,
      payload: { sortOrder: 3 },
    });
    expect(edited.sortOrder).toBe(3);
    const archived = await ok(t, 'marketing', {
      method: 'POST',
      url: `/api/admin/content/social-links/${link.id}/archive`,
    });
    expect(archived.active).toBe(false);
    const audit = await t.database.executeSql(
      "select action from audit_log where entity = 'social_link' and entity_id = $1 order by id",
      [String(link.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'social_link.created',
      'social_link.updated',
      'social_link.archived',
    ]);
    const { token } = await memberToken(t);
    const app = (await asToken(t, token, { url: '/api/app/content/social' })).json();
    expect(app.map((l: { id: number }) => l.id)).not.toContain(link.id);
    expect(app.length).toBeGreaterThan(0);
  });

  it('names the field of bad input and refuses a non-web URL', async () => {
    for (const [payload, field] of [
      [{ platform: '', url: 'https://x.com' }, 'platform'],
      [{ platform: 'X', url: 'javascript:alert(1)' }, 'url'],
      [{ platform: 'X', url: 'ftp://x.com' }, 'url'],
      [{ platform: 'X', url: 'https://x.com', sortOrder: -1 }, 'sortOrder'],
    ] as const) {
      const res = await post('marketing', '/api/admin/content/social-links', payload);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
  });

  it('refuses roles without the action or the page (403)', async () => {
    expect(
      (await post('finance', '/api/admin/content/social-links', { platform: 'X', url: 'https://x.com' }))
        .statusCode,
    ).toBe(403);
    expect((await t.as('finance', { url: '/api/admin/content/social-links' })).statusCode).toBe(403);
    for (const url of [
      '/api/admin/content/banners',
      '/api/admin/content/events',
      '/api/admin/content/gallery',
      '/api/admin/content/documents',
    ])
      expect((await post('printing', url, {})).statusCode).toBe(403);
  });
});

describe('documents', () => {
  it('publishes a new terms version: it supersedes the last, the app serves it, members are asked again', async () => {
    const { token } = await memberToken(t);
    const profile = () => asToken(t, token, { url: '/api/app/profile' }).then((r) => r.json());
    const accept = (version: string) =>
      asToken(t, token, { method: 'POST', url: '/api/app/terms/accept', payload: { version } });
    const current = (await profile()).currentTermsVersion as string;
    expect((await accept(current)).statusCode).toBe(200);
    expect((await profile()).termsAcceptanceNeeded).toBe(false);

    const draft = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/documents',
      payload: { kind: 'terms', version: '9.0', title: 'Terms', format: 'markdown', body: '# New terms' },
    });
    expect(draft.status).toBe('draft');
    // A draft is not served and does not ask members again.
    expect((await profile()).termsAcceptanceNeeded).toBe(false);
    const served = async () =>
      (await asToken(t, token, { url: '/api/app/content/documents' }))
        .json()
        .find((d: { kind: string }) => d.kind === 'terms');
    expect((await served()).version).toBe(current);

    const published = await ok(t, 'marketing', {
      method: 'POST',
      url: `/api/admin/content/documents/${draft.id}/publish`,
    });
    expect(published.status).toBe('published');
    expect((await served()).version).toBe('9.0');
    const list = await ok(t, 'marketing', {
      url: '/api/admin/content/documents?filter={"kind":"terms","status":"published"}',
    });
    expect(list.rows.map((r: { version: string }) => r.version)).toEqual(['9.0']);
    const me = await profile();
    expect(me).toMatchObject({ currentTermsVersion: '9.0', termsAcceptanceNeeded: true });
    expect((await accept(current)).statusCode).toBe(400);
    expect((await accept('9.0')).statusCode).toBe(200);
    expect((await profile()).termsAcceptanceNeeded).toBe(false);
    expect(
      (await ok(t, 'marketing', { url: `/api/admin/content/documents/${draft.id}` })).acceptedCount,
    ).toBe(1);
    // A published version cannot be edited or published again.
    expect(
      (await put('marketing', `/api/admin/content/documents/${draft.id}`, { title: 'x' })).statusCode,
    ).toBe(409);
  });

  it('names the field: a PDF without its file, text without a body, a taken version', async () => {
    const pdf = await post('marketing', '/api/admin/content/documents', {
      kind: 'faq',
      version: '5.0',
      title: 'FAQ',
      format: 'pdf',
    });
    expect(fieldsOf(pdf)).toEqual(['fileId']);
    const text = await post('marketing', '/api/admin/content/documents', {
      kind: 'faq',
      version: '5.0',
      title: 'FAQ',
      format: 'markdown',
    });
    expect(fieldsOf(text)).toEqual(['body']);
    const kind = await post('marketing', '/api/admin/content/documents', {
      kind: 'novel',
      version: '5.0',
      title: 'FAQ',
      format: 'plain',
      body: 'x',
    });
    expect(fieldsOf(kind)).toEqual(['kind']);
    const taken = await post('marketing', '/api/admin/content/documents', {
      kind: 'terms',
      version: '1.1',
      title: 'T',
      format: 'plain',
      body: 'x',
    });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual(['version']);
  });

  it("serves each member the document in their language, English where that language's text is empty", async () => {
    const draft = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/documents',
      payload: {
        kind: 'scheme_rules',
        version: '8.0',
        title: 'Scheme rules',
        format: 'plain',
        body: 'Scan genuine labels only.',
        translations: {
          hi: { title: 'स्कीम के नियम', body: 'केवल असली लेबल स्कैन करें।' },
          ta: { title: 'திட்ட விதிகள்', body: 'உண்மையான லேபிள்களை மட்டும் ஸ்கேன் செய்யவும்.' },
          gu: { title: '  ', body: '' },
        },
      },
    });
    // A language left blank is not kept: its members read the English.
    expect(Object.keys(draft.translations).sort()).toEqual(['hi', 'ta']);
    await ok(t, 'marketing', { method: 'POST', url: `/api/admin/content/documents/${draft.id}/publish` });
    const served = async (language: string) => {
      const { token } = await memberToken(t, { language });
      const docs = (await asToken(t, token, { url: '/api/app/content/documents' })).json();
      return docs.find((d: { kind: string }) => d.kind === 'scheme_rules');
    };
    expect(await served('hi')).toMatchObject({
      title: 'स्कीम के नियम',
      body: 'केवल असली लेबल स्कैन करें।',
      language: 'hi',
    });
    expect(await served('ta')).toMatchObject({ title: 'திட்ட விதிகள்', language: 'ta' });
    expect(await served('gu')).toMatchObject({
      title: 'Scheme rules',
      body: 'Scan genuine labels only.',
      language: 'en',
    });
    expect(await served('en')).toMatchObject({ title: 'Scheme rules', language: 'en' });
    // The app asks in the language it shows, a moment before the member's stored one follows.
    const { token } = await memberToken(t, { language: 'en' });
    const asked = (await asToken(t, token, { url: '/api/app/content/documents?language=hi' })).json();
    expect(asked.find((d: { kind: string }) => d.kind === 'scheme_rules')).toMatchObject({ language: 'hi' });
    const audit = await t.database.executeSql(
      "select after from audit_log where entity = 'document' and entity_id = $1 and action = 'document.created'",
      [String(draft.id)],
    );
    const after = audit.rows[0]!.after as { translations: Record<string, unknown> };
    expect(after.translations.hi).toEqual({ title: 'स्कीम के नियम', bodyLength: 26 });

    const bad = await post('marketing', '/api/admin/content/documents', {
      kind: 'faq',
      version: '8.1',
      title: 'FAQ',
      format: 'plain',
      body: 'x',
      translations: { fr: { title: 'FAQ' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('serves a published PDF to members and its file to staff', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const fileId = await upload(t, 'marketing', 'content_document', pdf);
    const doc = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/documents',
      payload: { kind: 'privacy', version: '7.0', title: 'Privacy', format: 'pdf', fileId },
    });
    const { token } = await memberToken(t);
    expect((await asToken(t, token, { url: `/api/app/content/documents/${doc.id}/file` })).statusCode).toBe(
      404,
    );
    await ok(t, 'marketing', { method: 'POST', url: `/api/admin/content/documents/${doc.id}/publish` });
    const file = await asToken(t, token, { url: `/api/app/content/documents/${doc.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('banners', () => {
  const today = todayInIndia();
  async function banner(extra: object) {
    const imageFileId = await upload(t, 'marketing');
    return ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/banners',
      payload: {
        title: `B ${Math.random()}`,
        imageFileId,
        startsOn: shiftDay(today, -1),
        endsOn: shiftDay(today, 1),
        ...extra,
      },
    });
  }
  const seen = async (token: string) =>
    (await asToken(t, token, { url: '/api/app/content/banners' })).json().map((b: { id: number }) => b.id);

  it('shows a banner only to the member types and states it is meant for, on its days', async () => {
    const forDealers = await banner({ memberTypes: ['dealer'] });
    const forKerala = await banner({ states: ['Kerala'] });
    const forDealersInKerala = await banner({ memberTypes: ['dealer'], states: ['Kerala'] });
    const forAll = await banner({});
    const ended = await banner({ startsOn: shiftDay(today, -5), endsOn: shiftDay(today, -1) });
    const future = await banner({ startsOn: shiftDay(today, 1), endsOn: shiftDay(today, 3) });
    const carpenterMh = await memberToken(t, { type: 'carpenter', state: 'Maharashtra' });
    const dealerMh = await memberToken(t, { type: 'dealer', state: 'Maharashtra' });
    const carpenterKl = await memberToken(t, { type: 'carpenter', state: 'Kerala' });
    const dealerKl = await memberToken(t, { type: 'dealer', state: 'Kerala' });
    const ours = [forDealers.id, forKerala.id, forDealersInKerala.id, forAll.id, ended.id, future.id];
    const mine = async (token: string) =>
      (await seen(token)).filter((id: number) => ours.includes(id)).sort();
    expect(await mine(carpenterMh.token)).toEqual([forAll.id]);
    expect(await mine(dealerMh.token)).toEqual([forDealers.id, forAll.id].sort());
    expect(await mine(carpenterKl.token)).toEqual([forKerala.id, forAll.id].sort());
    expect(await mine(dealerKl.token)).toEqual(
      [forDealers.id, forKerala.id, forDealersInKerala.id, forAll.id].sort(),
    );
    // Nor can a member fetch the image of a banner meant for another.
    expect(
      (await asToken(t, carpenterMh.token, { url: `/api/app/content/banners/${forDealers.id}/image` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await asToken(t, dealerMh.token, { url: `/api/app/content/banners/${forDealers.id}/image` }))
        .statusCode,
    ).toBe(200);
  });

  it('names the field: an end before the start, an unknown member type, no image, another staff upload', async () => {
    const imageFileId = await upload(t, 'marketing');
    const base = { title: 'B', imageFileId, startsOn: today, endsOn: today };
    expect(
      fieldsOf(
        await post('marketing', '/api/admin/content/banners', { ...base, endsOn: shiftDay(today, -1) }),
      ),
    ).toEqual(['endsOn']);
    expect(
      fieldsOf(await post('marketing', '/api/admin/content/banners', { ...base, memberTypes: ['alien'] })),
    ).toEqual(['memberTypes.0']);
    expect(
      fieldsOf(await post('marketing', '/api/admin/content/banners', { ...base, imageFileId: undefined })),
    ).toEqual(['imageFileId']);
    expect(
      fieldsOf(
        await post('marketing', '/api/admin/content/banners', { ...base, linkUrl: 'data:text/html,x' }),
      ),
    ).toEqual(['linkUrl']);
    expect(fieldsOf(await post('admin', '/api/admin/content/banners', base))).toEqual(['imageFileId']);
    const b = await banner({});
    expect(
      fieldsOf(await put('marketing', `/api/admin/content/banners/${b.id}`, { endsOn: shiftDay(today, -3) })),
    ).toEqual(['endsOn']);
  });
});

describe('events', () => {
  const event = async (capacity: number) =>
    ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/events',
      payload: {
        title: 'Meet',
        type: 'meet',
        venue: 'Pune',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        capacity,
      },
    });

  it('registers members up to capacity, replays by Idempotency-Key, cancels and lists attendees', async () => {
    const e = await event(2);
    const [a, b, c] = [await memberToken(t), await memberToken(t), await memberToken(t)];
    const reg = (token: string, key?: string) =>
      asToken(t, token, {
        method: 'POST',
        url: `/api/app/events/${e.id}/register`,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const first = await reg(a.token, 'k1');
    expect(first.json()).toMatchObject({ registered: true, seatsLeft: 1 });
    const replay = await reg(a.token, 'k1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await reg(a.token)).json().seatsLeft).toBe(1); // registering twice holds one seat
    expect((await reg(b.token)).json().seatsLeft).toBe(0);
    const full = await reg(c.token);
    expect(full.statusCode).toBe(409);
    const cancelled = await asToken(t, b.token, { method: 'POST', url: `/api/app/events/${e.id}/cancel` });
    expect(cancelled.json()).toMatchObject({ registered: false, seatsLeft: 1 });
    expect((await reg(c.token)).statusCode).toBe(200);
    const events = (await asToken(t, c.token, { url: '/api/app/content/events' })).json();
    expect(events.find((x: { id: number }) => x.id === e.id)).toMatchObject({
      registered: true,
      seatsLeft: 0,
    });
    const attendees = await ok(t, 'marketing', {
      url: `/api/admin/content/events/${e.id}/attendees?filter={"status":"registered"}`,
    });
    expect(attendees.rows.map((r: { memberId: number }) => r.memberId).sort()).toEqual([a.id, c.id].sort());
    const exported = await t.as('marketing', { url: `/api/admin/content/events/${e.id}/attendees/export` });
    expect(exported.statusCode).toBe(200);
    // Capacity cannot go below those registered.
    expect(fieldsOf(await put('marketing', `/api/admin/content/events/${e.id}`, { capacity: 1 }))).toEqual([
      'capacity',
    ]);
  });

  it('names the field of bad input', async () => {
    const base = {
      title: 'E',
      type: 'meet',
      venue: 'V',
      startsAt: '2030-01-02T10:00:00+05:30',
      endsAt: '2030-01-02T12:00:00+05:30',
      capacity: 10,
    };
    expect(fieldsOf(await post('marketing', '/api/admin/content/events', { ...base, capacity: 0 }))).toEqual([
      'capacity',
    ]);
    expect(
      fieldsOf(await post('marketing', '/api/admin/content/events', { ...base, type: 'party' })),
    ).toEqual(['type']);
    expect(
      fieldsOf(
        await post('marketing', '/api/admin/content/events', {
          ...base,
          endsAt: '2030-01-01T10:00:00+05:30',
        }),
      ),
    ).toEqual(['endsAt']);
    expect(fieldsOf(await post('marketing', '/api/admin/content/events', { ...base, venue: '' }))).toEqual([
      'venue',
    ]);
  });
});

describe('gallery and virtual room', () => {
  it('adds images to an album with thumbnails, reorders and archives them', async () => {
    const album = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/gallery',
      payload: { title: 'Expo' },
    });
    const ids: number[] = [];
    for (const caption of ['one', 'two', 'three'])
      ids.push(
        (
          await ok(t, 'marketing', {
            method: 'POST',
            url: `/api/admin/content/gallery/${album.id}/images`,
            payload: { fileId: await upload(t, 'marketing'), caption },
          })
        ).id,
      );
    await ok(t, 'marketing', {
      method: 'PUT',
      url: `/api/admin/content/gallery/${album.id}/images/order`,
      payload: { imageIds: [ids[2], ids[0], ids[1]] },
    });
    expect(
      fieldsOf(
        await put('marketing', `/api/admin/content/gallery/${album.id}/images/order`, { imageIds: [ids[0]] }),
      ),
    ).toEqual(['imageIds']);
    await ok(t, 'marketing', {
      method: 'POST',
      url: `/api/admin/content/gallery/${album.id}/images/${ids[0]}/archive`,
    });
    const images = await ok(t, 'marketing', { url: `/api/admin/content/gallery/${album.id}/images` });
    expect(images.rows.map((r: { caption: string }) => r.caption)).toEqual(['three', 'two']);
    const thumb = await t.as('marketing', {
      url: `/api/admin/content/gallery/${album.id}/images/${ids[2]}/thumbnail`,
    });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const { token } = await memberToken(t);
    const app = (await asToken(t, token, { url: '/api/app/content/gallery' }))
      .json()
      .find((a: { id: number }) => a.id === album.id);
    expect(app.images.map((i: { caption: string }) => i.caption)).toEqual(['three', 'two']);
    expect((await asToken(t, token, { url: app.images[0].thumbnailUrl })).statusCode).toBe(200);
    expect((await ok(t, 'marketing', { url: `/api/admin/content/gallery/${album.id}` })).imageCount).toBe(2);
  });

  it('keeps featured products to the catalogue and needs an image or a video', async () => {
    expect(
      fieldsOf(
        await post('marketing', '/api/admin/content/virtual-room', {
          title: 'Room',
          videoUrl: 'https://youtu.be/x',
          productIds: [987654],
        }),
      ),
    ).toEqual(['productIds']);
    expect(fieldsOf(await post('marketing', '/api/admin/content/virtual-room', { title: 'Room' }))).toEqual([
      'imageFileId',
    ]);
    const room = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/virtual-room',
      payload: { title: 'Room', imageFileId: await upload(t, 'marketing'), productIds: [1] },
    });
    const { token } = await memberToken(t);
    const app = (await asToken(t, token, { url: '/api/app/content/virtual-room' }))
      .json()
      .find((r: { id: number }) => r.id === room.id);
    expect(app.products.map((p: { id: number }) => p.id)).toEqual([1]);
    expect((await asToken(t, token, { url: app.imageUrl })).statusCode).toBe(200);
  });
});
