import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember, smsInbox } from '../members/members.test-kit';
import { approvedMember, uploadFor, viewOnlyToken } from '../projects/projects.test-kit';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

const body = (attachmentFileIds: number[] = [], extra: object = {}) => ({
  category: 'product',
  rating: 4,
  message: 'The new laminate chips at the edges.\nOtherwise good.',
  attachmentFileIds,
  ...extra,
});
const send = (token: string, payload: object, key?: string) =>
  asMember(t, token, {
    method: 'POST',
    url: '/api/app/feedback',
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });
const move = (role: string, id: number, to: string, replyText?: string) =>
  t.as(role, {
    method: 'POST',
    url: `/api/admin/feedback/${id}/move`,
    payload: replyText === undefined ? { to } : { to, reply: replyText },
  });
const reply = (role: string, id: number, text: string) =>
  t.as(role, { method: 'POST', url: `/api/admin/feedback/${id}/replies`, payload: { text } });

async function newFeedback() {
  const m = await approvedMember(t, inbox);
  const file = await uploadFor(t, m.token, 'feedback_attachment');
  const res = await send(m.token, body([file]));
  expect(res.statusCode).toBe(200);
  return { member: m, feedback: res.json() as { id: number }, file };
}

describe('demo data', () => {
  it('has projects and feedback in every state, made through the services (audited)', async () => {
    const states = async (table: string) =>
      (await t.database.executeSql(`select distinct state from ${table} order by 1`)).rows.map(
        (r) => r.state,
      );
    expect(await states('projects')).toEqual(['approved', 'rejected', 'submitted']);
    expect(await states('feedback')).toEqual(['in_progress', 'open', 'resolved']);
    const { rows } = await t.database.executeSql(`select
      (select count(*)::int from feedback_replies) as replies,
      (select count(*)::int from points_ledger where kind = 'project_bonus') as bonuses,
      (select count(*)::int from projects where state = 'approved') as approved,
      (select count(*)::int from audit_log where action = 'project.rejected') as rejections,
      (select count(*)::int from projects where cardinality(photo_file_ids) > 0) as "withPhotos"`);
    expect(rows[0]).toMatchObject({ approved: rows[0]!.bonuses, rejections: 3 });
    expect(Number(rows[0]!.replies)).toBeGreaterThan(3);
    expect(Number(rows[0]!.withPhotos)).toBe(10);
  });
});

describe('member API', () => {
  it('sends feedback with an attachment and lists the member’s own', async () => {
    const { member, feedback } = await newFeedback();
    expect(feedback).toMatchObject({ state: 'open', rating: 4, attachmentCount: 1, replies: [] });
    await newFeedback();
    const mine = await asMember(t, member.token, { url: '/api/app/feedback' });
    expect(mine.json().map((f: { id: number }) => f.id)).toEqual([feedback.id]);
  });

  it('replays under one Idempotency-Key', async () => {
    const m = await approvedMember(t, inbox);
    const first = await send(m.token, body(), 'fb-once');
    const again = await send(m.token, body(), 'fb-once');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from feedback where member_id = $1',
      [m.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('names bad fields and refuses another member’s attachment', async () => {
    const m = await approvedMember(t, inbox);
    const bad = await send(m.token, { category: 'weather', rating: 6, message: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['category', 'rating', 'message']));
    const other = await approvedMember(t, inbox);
    const foreign = await uploadFor(t, other.token, 'feedback_attachment');
    const res = await send(m.token, body([foreign]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['attachmentFileIds.0']).toMatch(/your own upload/);
    expect((await asMember(t, m.token, { url: '/api/app/feedback' })).json()).toEqual([]);
  });
});

describe('back-office', () => {
  it('replies (visible in the app): a reply moves open feedback to in progress, then resolved', async () => {
    const { member, feedback, file } = await newFeedback();
    const id = feedback.id;
    const replied = await reply('cs', id, 'Sorry about that: a replacement is on its way.');
    expect(replied.statusCode).toBe(200);
    expect(replied.json().state).toBe('in_progress');
    expect(replied.json().replies).toMatchObject([
      { staffName: 'Demo CS', text: expect.stringMatching(/^Sorry/) },
    ]);
    const app = await asMember(t, member.token, { url: '/api/app/feedback' });
    expect(app.json()[0].replies).toEqual([
      {
        id: expect.any(Number),
        text: 'Sorry about that: a replacement is on its way.',
        createdAt: expect.any(String),
      },
    ]);

    expect((await asMember(t, member.token, { url: '/api/app/feedback' })).json()[0].state).toBe(
      'in_progress',
    );
    const twice = await move('cs', id, 'in_progress');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already in progress/);
    expect((await move('hod', id, 'resolved')).json().state).toBe('resolved');
    expect((await move('cs', id, 'in_progress')).statusCode).toBe(409);
    expect((await move('cs', id, 'open')).statusCode).toBe(400);
    expect((await asMember(t, member.token, { url: '/api/app/feedback' })).json()[0].state).toBe('resolved');

    const history = await t.as('cs', { url: `/api/admin/feedback/${id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'feedback.resolved',
      'feedback.in_progress',
      'feedback.replied',
    ]);
    const detail = await t.as('cs', { url: `/api/admin/feedback/${id}` });
    expect(detail.json()).toMatchObject({ replyCount: 1, attachments: [{ fileId: file }] });
    const attachment = await t.as('cs', { url: `/api/admin/feedback/${id}/attachments/${file}` });
    expect(attachment.headers['content-disposition']).toMatch(/^attachment/);
    expect((await reply('cs', id, '')).json().fields.text).toBeTruthy();
    expect((await move('cs', 99_999_999, 'in_progress')).statusCode).toBe(404);
  });

  it('resolves open feedback at once with the reply that tells the member how, never without one', async () => {
    const { member, feedback } = await newFeedback();
    const bare = await move('cs', feedback.id, 'resolved');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: 'validation_failed', fields: { reply: expect.any(String) } });
    const resolved = await move('cs', feedback.id, 'resolved', 'Fixed in app version 2.4: please update.');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      state: 'resolved',
      replies: [{ text: 'Fixed in app version 2.4: please update.' }],
    });
    const mine = (await asMember(t, member.token, { url: '/api/app/feedback' })).json()[0];
    expect(mine).toMatchObject({
      state: 'resolved',
      replies: [{ text: 'Fixed in app version 2.4: please update.' }],
    });
    const history = await t.as('cs', { url: `/api/admin/feedback/${feedback.id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'feedback.resolved',
      'feedback.replied',
    ]);
    // A reply to resolved feedback keeps it resolved.
    expect((await reply('cs', feedback.id, 'One more thing.')).json().state).toBe('resolved');
  });

  it('filters the list and the member tab', async () => {
    const { member, feedback } = await newFeedback();
    const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
    const list = await t.as('cs', {
      url: `/api/admin/feedback?filter=${q({ state: 'open', category: 'product', rating: 4, q: member.mobile })}`,
    });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([feedback.id]);
    expect(
      (await t.as('cs', { url: `/api/admin/feedback?filter=${q({ rating: 9 })}` })).json().fields,
    ).toHaveProperty('filter.rating');
    expect(
      (await t.as('cs', { url: `/api/admin/feedback/export?filter=${q({ state: 'open' })}` })).statusCode,
    ).toBe(200);
    const tab = await t.as('hod', { url: `/api/admin/users/${member.id}/feedback` });
    expect(tab.json().rows.map((r: { id: number }) => r.id)).toEqual([feedback.id]);
    expect((await t.as('hod', { url: `/api/admin/users/${member.id}/scans` })).json().rows).toEqual([]);
    expect((await t.as('hod', { url: '/api/admin/users/99999999/feedback' })).statusCode).toBe(404);
  });

  it('refuses roles without the action (403)', async () => {
    const { feedback } = await newFeedback();
    expect((await reply('finance', feedback.id, 'hi')).statusCode).toBe(403);
    const viewer = await viewOnlyToken(t, 'feedback viewer', ['/dashboard/feedback']);
    expect((await t.as(viewer, { url: `/api/admin/feedback/${feedback.id}` })).statusCode).toBe(200);
    expect((await reply(viewer, feedback.id, 'hi')).statusCode).toBe(403);
    expect((await move(viewer, feedback.id, 'in_progress')).statusCode).toBe(403);
    const detail = await t.as('cs', { url: `/api/admin/feedback/${feedback.id}` });
    expect(detail.json()).toMatchObject({ state: 'open', replies: [] });
  });
});
