import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount } from '../../../test/decisions.test-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { barrier } from '../coupons/race.test-kit';
import { asMember, smsInbox } from '../members/members.test-kit';
import {
  approvedMember,
  postProject,
  projectBody,
  setBonus,
  uploadFor,
  viewOnlyToken,
} from './projects.test-kit';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

const decide = (role: string, id: number, verb: 'approve' | 'reject', payload: object = {}) =>
  t.as(role, { method: 'POST', url: `/api/admin/projects/${id}/${verb}`, payload });
const bonusEntries = async (projectId: number) =>
  (
    await t.database.executeSql(
      "select amount, member_id from points_ledger where kind = 'project_bonus' and reference = $1",
      [`project:${projectId}`],
    )
  ).rows as { amount: number; member_id: number }[];
const balanceOf = async (id: number) =>
  Number((await t.database.executeSql('select balance from members where id = $1', [id])).rows[0]!.balance);

async function newProject(extra: object = {}) {
  const m = await approvedMember(t, inbox);
  const photo = await uploadFor(t, m.token, 'project_photo');
  const res = await postProject(t, m.token, projectBody([photo], extra));
  expect(res.statusCode).toBe(200);
  return { member: m, project: res.json() as { id: number; state: string }, photo };
}

describe('member API', () => {
  it('registers a project with photos and lists the member’s own, with state', async () => {
    const { member, project } = await newProject();
    expect(project).toMatchObject({ state: 'submitted', photoCount: 1, type: 'residential', reason: null });
    const other = await newProject({ name: 'Someone else’s site' });
    const mine = await asMember(t, member.token, { url: '/api/app/projects' });
    expect(mine.json().map((p: { id: number }) => p.id)).toEqual([project.id]);
    expect(mine.json()[0]).not.toHaveProperty('decidedByName');
    expect(other.project.id).not.toBe(project.id);
  });

  it('replays a repeat under one Idempotency-Key and makes one project', async () => {
    const m = await approvedMember(t, inbox);
    const body = projectBody([await uploadFor(t, m.token, 'project_photo')]);
    const first = await postProject(t, m.token, body, 'project-once');
    const again = await postProject(t, m.token, body, 'project-once');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await postProject(t, m.token, { ...body, name: 'Other' }, 'project-once')).statusCode).toBe(422);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from projects where member_id = $1',
      [m.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('refuses another member’s photo, a photo uploaded for KYC, and a photo used twice', async () => {
    const a = await approvedMember(t, inbox);
    const b = await approvedMember(t, inbox);
    const foreign = await uploadFor(t, b.token, 'project_photo');
    const res = await postProject(t, a.token, projectBody([foreign]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['photoFileIds.0']).toMatch(/your own image/);
    const kyc = await uploadFor(t, a.token, 'kyc_image');
    expect((await postProject(t, a.token, projectBody([kyc]))).json().fields['photoFileIds.0']).toBeTruthy();
    const own = await uploadFor(t, a.token, 'project_photo');
    expect((await postProject(t, a.token, projectBody([own]))).statusCode).toBe(200);
    expect((await postProject(t, a.token, projectBody([own]))).statusCode).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const notImage = await uploadFor(t, a.token, 'project_photo', pdf);
    expect(
      (await postProject(t, a.token, projectBody([notImage]))).json().fields['photoFileIds.0'],
    ).toBeTruthy();
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from projects where member_id = $1',
      [a.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('names every bad field and changes nothing', async () => {
    const m = await approvedMember(t, inbox);
    const res = await postProject(t, m.token, {
      name: '',
      siteAddress: 'x\u0000y',
      pincode: '12345',
      latitude: 18.5,
      type: 'castle',
      stage: 'done',
      expectedQuantity: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(
      expect.arrayContaining(['name', 'siteAddress', 'pincode', 'type', 'stage', 'expectedQuantity']),
    );
    const half = await postProject(t, m.token, projectBody([], { longitude: null }));
    expect(half.json().fields.longitude).toMatch(/both latitude and longitude/);
    const pending = await approvedMember(t, inbox);
    await t.database.executeSql("update members set status = 'pending' where id = $1", [pending.id]);
    const refused = await postProject(t, pending.token, projectBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('member_not_allowed');
  });
});

describe('decisions', () => {
  it('approval posts the bonus in force once; a second decision is a 409', async () => {
    await setBonus(t, 750);
    const { member, project } = await newProject();
    const approved = await decide('cs', project.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', bonusPoints: 750, decidedByName: 'Demo CS' });
    expect(await bonusEntries(project.id)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(750);
    expect((await decide('admin', project.id, 'approve')).statusCode).toBe(409);
    expect((await decide('admin', project.id, 'reject', { reason: 'Late' })).statusCode).toBe(409);
    expect(await bonusEntries(project.id)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(750);
    const own = await asMember(t, member.token, { url: '/api/app/projects' });
    expect(own.json()[0]).toMatchObject({ state: 'approved', bonusPoints: 750 });
    const history = await t.as('cs', { url: `/api/admin/projects/${project.id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual(['project.approved']);
  });

  it('rejection needs a reason, posts nothing, and the member sees the reason', async () => {
    const { member, project } = await newProject();
    const before = await auditCount(t, 'project.rejected');
    const bare = await decide('cs', project.id, 'reject', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toHaveProperty('reason');
    expect((await decide('cs', project.id, 'reject', { reason: '  ' })).statusCode).toBe(400);
    expect(await auditCount(t, 'project.rejected')).toBe(before);
    const res = await decide('cs', project.id, 'reject', { reason: 'Photos do not show a site' });
    expect(res.json()).toMatchObject({
      state: 'rejected',
      reason: 'Photos do not show a site',
      bonusPoints: null,
    });
    expect(await bonusEntries(project.id)).toHaveLength(0);
    const own = await asMember(t, member.token, { url: '/api/app/projects' });
    expect(own.json()[0]).toMatchObject({ state: 'rejected', reason: 'Photos do not show a site' });
    expect((await decide('cs', 99_999_999, 'approve')).statusCode).toBe(404);
  });

  it('decides many with an outcome per row; bulk reject needs a reason', async () => {
    const a = (await newProject()).project.id;
    const b = (await newProject()).project.id;
    await decide('admin', b, 'reject', { reason: 'Duplicate' });
    const noReason = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/projects/reject',
      payload: { ids: [a, b] },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const res = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/projects/approve',
      payload: { ids: [b, a] },
    });
    expect(res.json().outcomes).toEqual([
      { id: a, outcome: 'approved' },
      { id: b, outcome: 'skipped', error: 'This project was already rejected' },
    ]);
  });

  it('lists with filters and serves photos only through the project', async () => {
    const { member, project, photo } = await newProject({ type: 'hospitality', stage: 'finishing' });
    const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
    const list = await t.as('cs', {
      url: `/api/admin/projects?filter=${q({ type: 'hospitality', stage: 'finishing', q: member.mobile })}`,
    });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([project.id]);
    expect((await t.as('cs', { url: `/api/admin/projects?filter=${q({ state: 'nope' })}` })).statusCode).toBe(
      400,
    );
    const detail = await t.as('cs', { url: `/api/admin/projects/${project.id}` });
    expect(detail.json().photos).toEqual([{ fileId: photo, contentType: 'image/png', hasThumbnail: true }]);
    const image = await t.as('cs', { url: `/api/admin/projects/${project.id}/photos/${photo}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-disposition']).toMatch(/^attachment/);
    expect(image.headers['content-type']).toBe('image/png');
    const thumb = await t.as('cs', { url: `/api/admin/projects/${project.id}/photos/${photo}/thumbnail` });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const other = await newProject();
    expect(
      (await t.as('cs', { url: `/api/admin/projects/${project.id}/photos/${other.photo}` })).statusCode,
    ).toBe(404);
    const exported = await t.as('cs', {
      url: `/api/admin/projects/export?filter=${q({ type: 'hospitality' })}`,
    });
    expect(exported.statusCode).toBe(200);
    const tab = await t.as('hod', { url: `/api/admin/users/${member.id}/projects` });
    expect(tab.json().rows.map((r: { id: number }) => r.id)).toEqual([project.id]);
  });

  it('keeps the bonus setting with history; refuses a past date', async () => {
    await setBonus(t, 900);
    const history = await t.as('cs', { url: '/api/admin/projects/bonus-settings' });
    expect(history.json()[0]).toMatchObject({ points: 900, current: true, createdByName: 'Demo Admin' });
    expect(history.json().filter((r: { current: boolean }) => r.current)).toHaveLength(1);
    const past = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/projects/bonus-settings',
      payload: { points: 10, effectiveFrom: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.effectiveFrom).toBeTruthy();
  });

  it('refuses roles without the actions (403) and changes nothing', async () => {
    const { project } = await newProject();
    expect((await decide('finance', project.id, 'approve')).statusCode).toBe(403);
    const viewer = await viewOnlyToken(t, 'project viewer', ['/dashboard/project_registration']);
    expect((await t.as(viewer, { url: '/api/admin/projects' })).statusCode).toBe(200);
    expect((await decide(viewer, project.id, 'approve')).statusCode).toBe(403);
    expect(
      (
        await t.as(viewer, {
          method: 'POST',
          url: '/api/admin/projects/approve',
          payload: { ids: [project.id] },
        })
      ).statusCode,
    ).toBe(403);
    const bonus = await t.as(viewer, {
      method: 'POST',
      url: '/api/admin/projects/bonus-settings',
      payload: { points: 1, effectiveFrom: '2099-01-01' },
    });
    expect(bonus.statusCode).toBe(403);
    expect((await t.as('cs', { url: `/api/admin/projects/${project.id}` })).json().state).toBe('submitted');
  });
});

describe('exactly once under concurrency (PostgreSQL)', () => {
  it('posts the bonus once under 50 concurrent approvals', async () => {
    await setBonus(t, 500);
    const { member, project } = await newProject();
    const tokens = await Promise.all(['admin', 'cs', 'sub admin', 'almond team'].map((r) => t.login(r)));
    const wait = barrier(50);
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await wait();
        return decide(tokens[i % tokens.length]!, project.id, i % 5 === 4 ? 'reject' : 'approve', {
          reason: 'race',
        });
      }),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const entries = await bonusEntries(project.id);
    expect(entries).toHaveLength(winner.state === 'approved' ? 1 : 0);
    expect(await balanceOf(member.id)).toBe(winner.state === 'approved' ? 500 : 0);
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from audit_log where entity = 'project' and entity_id = $1",
      [String(project.id)],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('posts once when 50 concurrent approvals all say approve', async () => {
    await setBonus(t, 500);
    const { member, project } = await newProject();
    const wait = barrier(50);
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        await wait();
        return decide('cs', project.id, 'approve');
      }),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await bonusEntries(project.id)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(500);
  });
});
