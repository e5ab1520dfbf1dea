import { EMPLOYEE_MESSAGES } from '@app/contract/employees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoDocumentPng } from '../../seed/demo-png';
import { multipartFile } from '../kyc/kyc.test-kit';
import { createMemberSession } from '../member-auth';
import { asMember, freshMobile, insertTestMember } from '../members/members.test-kit';
import { asField, checkInBody, createBde, createEmployee, PASSWORD } from './employees.test-kit';
import { distanceMetres, farFlag, territoryFlag } from './visit-flags';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const onboardBody = (extra: object = {}) => ({
  mobile: freshMobile(),
  name: 'Ramesh Carpenter',
  type: 'carpenter',
  dateOfBirth: '1988-04-12',
  address: {
    line: '12 Market Road',
    city: 'Pune',
    district: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
  },
  ...extra,
});

describe('field sign-in', () => {
  it('signs a BDE in with mobile and password; a wrong password or unknown mobile gets one answer', async () => {
    const bde = await createBde(t);
    const me = await asField(t, bde.token, { method: 'GET', url: '/api/field/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: bde.id,
      monthlyTarget: 10,
      achieved: 0,
      openVisitId: null,
      territory: { states: ['Maharashtra'], districts: ['Pune'], pincodes: ['411001'] },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/field/login',
      payload: { mobile: bde.mobile, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/field/login',
      payload: { mobile: '6999999999', password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('keeps field, staff and member tokens apart (401 across)', async () => {
    const bde = await createBde(t);
    const staffToken = await t.login('admin');
    const memberId = await insertTestMember(t.database.db);
    const memberToken = await createMemberSession(t.database.db, memberId);
    // A field token on staff and member routes.
    expect((await asField(t, bde.token, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    expect((await asField(t, bde.token, { method: 'GET', url: '/api/admin/field-visits' })).statusCode).toBe(
      401,
    );
    expect((await asField(t, bde.token, { method: 'GET', url: '/api/app/profile' })).statusCode).toBe(401);
    // Staff and member tokens on field routes.
    expect((await asField(t, staffToken, { method: 'GET', url: '/api/field/me' })).statusCode).toBe(401);
    expect(
      (await asField(t, staffToken, { method: 'POST', url: '/api/field/visits', payload: checkInBody() }))
        .statusCode,
    ).toBe(401);
    expect((await asMember(t, memberToken, { method: 'GET', url: '/api/field/visits' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/field/me' })).statusCode).toBe(401);
  });

  it('ends field sessions when the password is reset or the BDE deactivated', async () => {
    const bde = await createBde(t);
    const reset = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/bdes/${bde.id}/password`,
      payload: { password: 'another-field-secret-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await asField(t, bde.token, { method: 'GET', url: '/api/field/me' })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/field/login',
      payload: { mobile: bde.mobile, password: 'another-field-secret-7' },
    });
    expect(login.statusCode).toBe(200);
    const off = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/bdes/${bde.id}`,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
    expect((await asField(t, login.json().token, { method: 'GET', url: '/api/field/me' })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/field/login',
      payload: { mobile: bde.mobile, password: 'another-field-secret-7' },
    });
    expect(again.statusCode).toBe(403);
  });
});

describe('visits', () => {
  it('checks in with a photo and out; lists own visits; BDA Activity shows them', async () => {
    const bde = await createBde(t);
    const { payload, headers } = multipartFile(demoDocumentPng([120, 90, 60], 40, 30));
    const photo = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/uploads',
      payload,
      headers,
    });
    expect(photo.statusCode).toBe(201);
    const photoId = photo.json().id as number;

    const checkIn = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/visits',
      payload: checkInBody({ photoIds: [photoId] }),
    });
    expect(checkIn.statusCode).toBe(200);
    const visit = checkIn.json();
    expect(visit).toMatchObject({ bdeId: bde.id, type: 'dealer_visit', flagged: false, photoIds: [photoId] });

    // One open visit at a time, and a photo is claimed once.
    const second = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/visits',
      payload: checkInBody(),
    });
    expect(second.statusCode).toBe(409);

    const out = await asField(t, bde.token, {
      method: 'POST',
      url: `/api/field/visits/${visit.id}/check-out`,
      payload: { lat: 18.521, lng: 73.857, notes: 'Order of 40 sheets' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ flagged: false, checkOutNotes: 'Order of 40 sheets' });
    expect(out.json().distanceMetres).toBeLessThan(200);
    const twice = await asField(t, bde.token, {
      method: 'POST',
      url: `/api/field/visits/${visit.id}/check-out`,
      payload: { lat: 18.521, lng: 73.857 },
    });
    expect(twice.statusCode).toBe(409);

    const reuse = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/visits',
      payload: checkInBody({ photoIds: [photoId] }),
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().fields).toHaveProperty('photoIds.0');

    const own = await asField(t, bde.token, { method: 'GET', url: '/api/field/visits' });
    expect(own.json().rows.map((r: { id: number }) => r.id)).toEqual([visit.id]);

    const list = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/field-visits?filter=${q({ bdeId: bde.id })}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().rows[0]).toMatchObject({ id: visit.id, party: 'Shree Laminates' });
    const thumb = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/field-visits/${visit.id}/photos/${photoId}/thumbnail`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const map = await t.as('cs', {
      method: 'GET',
      url: `/api/admin/field-visits/map?filter=${q({ bdeId: bde.id })}`,
    });
    expect(map.json().points).toEqual([
      expect.objectContaining({ id: visit.id, lat: 18.5204, flagged: false }),
    ]);
  });

  it('another BDE can neither check out nor see my visit', async () => {
    const mine = await createBde(t);
    const other = await createBde(t);
    const visit = (
      await asField(t, mine.token, { method: 'POST', url: '/api/field/visits', payload: checkInBody() })
    ).json();
    const res = await asField(t, other.token, {
      method: 'POST',
      url: `/api/field/visits/${visit.id}/check-out`,
      payload: { lat: 18.52, lng: 73.85 },
    });
    expect(res.statusCode).toBe(404);
    expect((await asField(t, other.token, { method: 'GET', url: '/api/field/visits' })).json().rows).toEqual(
      [],
    );
  });

  it('flags a far check-out and a place outside the territory, with the reason', async () => {
    const bde = await createBde(t);
    const outside = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/visits',
      payload: checkInBody({ place: { state: 'Gujarat', district: 'Surat', pincode: '395003' } }),
    });
    expect(outside.json().flagReasons).toEqual(['Outside the territory: 395003, Surat, Gujarat']);
    const far = await asField(t, bde.token, {
      method: 'POST',
      url: `/api/field/visits/${outside.json().id}/check-out`,
      // About 5 km north.
      payload: { lat: 18.5654, lng: 73.8567 },
    });
    expect(far.json().flagged).toBe(true);
    expect(far.json().flagReasons[1]).toMatch(/^Checked out 5 km from the check-in/);
    const flagged = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/field-visits?filter=${q({ bdeId: bde.id, flagged: true })}`,
    });
    expect(flagged.json().total).toBe(1);
  });

  it('flag rules: distance, territory by pincode, district or state', () => {
    expect(Math.round(distanceMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }))).toBe(111_195);
    expect(farFlag(999)).toBeNull();
    expect(farFlag(1500)).toMatch(/1\.5 km/);
    const territory = { states: ['Goa'], districts: ['Pune'], pincodes: ['411001'] };
    expect(territoryFlag(territory, { pincode: '411001' })).toBeNull();
    expect(territoryFlag(territory, { district: 'pune ', state: 'Maharashtra' })).toBeNull();
    expect(territoryFlag(territory, { state: 'goa' })).toBeNull();
    expect(territoryFlag(territory, { state: 'Kerala' })).toBe('Outside the territory: Kerala');
    expect(territoryFlag(territory, undefined)).toMatch(/No place stated/);
  });

  it('replays a check-in under one Idempotency-Key and refuses the key for another request', async () => {
    const bde = await createBde(t);
    const send = (payload: object) =>
      asField(t, bde.token, {
        method: 'POST',
        url: '/api/field/visits',
        payload,
        headers: { 'idempotency-key': 'visit-1' },
      });
    const first = await send(checkInBody());
    const again = await send(checkInBody());
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from field_visits where employee_id = $1',
      [bde.id],
    );
    expect(rows[0]!.n).toBe(1);
    expect((await send(checkInBody({ party: 'Another' }))).statusCode).toBe(422);
  });

  it('refuses bad input with field errors', async () => {
    const bde = await createBde(t);
    const res = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/visits',
      payload: { type: 'picnic', party: '', lat: 91, lng: 73 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['type', 'party', 'lat']));
  });
});

describe('onboarding', () => {
  it('onboards a pending member assigned to the BDE, counted against the target, replayed once', async () => {
    const bde = await createBde(t);
    const visit = (
      await asField(t, bde.token, { method: 'POST', url: '/api/field/visits', payload: checkInBody() })
    ).json();
    const body = onboardBody({ visitId: visit.id });
    const send = () =>
      asField(t, bde.token, {
        method: 'POST',
        url: '/api/field/members',
        payload: body,
        headers: { 'idempotency-key': 'onboard-1' },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', visitId: visit.id, name: 'Ramesh Carpenter' });
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(first.json().id);

    const { rows } = await t.database.executeSql('select bde_id, status from members where id = $1', [
      first.json().id,
    ]);
    expect(rows[0]).toMatchObject({ bde_id: bde.id, status: 'pending' });
    expect((await asField(t, bde.token, { method: 'GET', url: '/api/field/me' })).json().achieved).toBe(1);
    expect(
      (await asField(t, bde.token, { method: 'GET', url: '/api/field/members' })).json().rows,
    ).toHaveLength(1);
    const bdeRow = (await t.as('admin', { method: 'GET', url: `/api/admin/bdes/${bde.id}` })).json();
    expect(bdeRow).toMatchObject({ achieved: 1, assignedMembers: 1, monthlyTarget: 10 });
    const visits = await t.as('admin', { method: 'GET', url: `/api/admin/field-visits/${visit.id}` });
    expect(visits.json().membersOnboarded).toBe(1);

    const taken = await asField(t, bde.token, {
      method: 'POST',
      url: '/api/field/members',
      payload: onboardBody({ mobile: body.mobile }),
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('dashboard and report', () => {
  it('shows visits today and onboarding against the target on the dashboard', async () => {
    const bde = await createBde(t);
    await asField(t, bde.token, { method: 'POST', url: '/api/field/visits', payload: checkInBody() });
    await asField(t, bde.token, { method: 'POST', url: '/api/field/members', payload: onboardBody() });
    const res = await t.as('cs', { method: 'GET', url: '/api/admin/dashboard' });
    const cards = Object.fromEntries(
      res.json().cards.map((c: { key: string; value: number; target?: number }) => [c.key, c]),
    );
    expect(cards['field.visits_today'].value).toBeGreaterThanOrEqual(1);
    expect(cards['field.onboarded_month'].value).toBeGreaterThanOrEqual(1);
    expect(cards['field.onboarded_month'].target).toBeGreaterThanOrEqual(10);
    // finance holds neither field page: no field cards.
    const finance = await t.as('finance', { method: 'GET', url: '/api/admin/dashboard' });
    expect(finance.json().cards.filter((c: { key: string }) => c.key.startsWith('field.'))).toEqual([]);
  });

  it('offers the BDE activity report to BDA Activity holders', async () => {
    const res = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'bde_activity', startDate: '2020-01-01', endDate: '2099-12-31' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const denied = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'bde_activity', startDate: '2020-01-01', endDate: '2099-12-31' },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('BDE management', () => {
  it('assigns members and moves them to another BDE, with audit', async () => {
    const a = await createBde(t);
    const b = await createBde(t);
    const m1 = await insertTestMember(t.database.db);
    const m2 = await insertTestMember(t.database.db);
    const assign = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/bdes/${a.id}/members`,
      payload: { memberIds: [m1, m2] },
    });
    expect(assign.json()).toEqual({ moved: 2 });
    const one = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/bdes/${a.id}/members/move`,
      payload: { toBdeId: b.id, memberIds: [m1] },
    });
    expect(one.json()).toEqual({ moved: 1 });
    const all = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/bdes/${a.id}/members/move`,
      payload: { toBdeId: b.id },
    });
    expect(all.json()).toEqual({ moved: 1 });
    const ofB = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/bde-members?filter=${q({ bdeId: b.id })}`,
    });
    expect(
      ofB
        .json()
        .rows.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([m1, m2].sort());
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from audit_log where action = 'member.bde_assigned' and entity_id = $1",
      [String(m1)],
    );
    expect(rows[0]!.n).toBe(2);
    const self = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/bdes/${a.id}/members/move`,
      payload: { toBdeId: a.id },
    });
    expect(self.statusCode).toBe(400);
  });

  it('refuses a second BDE row, an inactive employee and an empty territory', async () => {
    const bde = await createBde(t);
    const again = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/bdes',
      payload: { employeeId: bde.id, territory: { states: ['Goa'] }, monthlyTarget: 1, password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    const e = await createEmployee(t);
    const empty = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/bdes',
      payload: { employeeId: e.id, territory: {}, monthlyTarget: 1, password: PASSWORD },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('territory.states');
  });

  it('answers 403 to roles without the page or the action', async () => {
    const bde = await createBde(t);
    // finance holds none of the field-force pages; cs reads BDA Activity only.
    expect((await t.as('finance', { method: 'GET', url: '/api/admin/employees' })).statusCode).toBe(403);
    expect((await t.as('finance', { method: 'GET', url: '/api/admin/field-visits' })).statusCode).toBe(403);
    expect(
      (
        await t.as('finance', {
          method: 'PUT',
          url: `/api/admin/bdes/${bde.id}/password`,
          payload: { password: 'whatever-secret-9' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.as('marketing', { method: 'POST', url: '/api/admin/employees', payload: {} })).statusCode,
    ).toBe(403);
    expect(EMPLOYEE_MESSAGES.managerLoop).toBeTruthy();
  });
});
