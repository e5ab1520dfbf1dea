import { STORE_MESSAGES as M, STORE_UPLOAD_COLUMNS } from '@app/contract/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { stores } from '../../db/schema/stores';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';
import { createMemberSession } from '../member-auth';
import { asMember, insertTestMember } from '../members/members.test-kit';
import { EARTH_RADIUS_KM } from './stores.nearest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const body = (extra: object = {}) => ({
  code: `t-${Date.now() % 1e6}-${seq++}`,
  name: 'Shree Ganesh Hardware',
  kind: 'dealer',
  contactPerson: 'Ramesh Patil',
  phone: '98765 43210',
  email: 'shree@example.com',
  address: 'Shop 4, MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  lat: 18.5204,
  lng: 73.8567,
  openingHours: 'Mon–Sat 10:00–20:00',
  ...extra,
});
const sql = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;

describe('Locator stores (records)', () => {
  it('creates, edits, deactivates and restores a store, each with its audit entry', async () => {
    const created = await t.as('cs', { method: 'POST', url: '/api/admin/stores', payload: body() });
    expect(created.statusCode, created.body).toBe(200);
    const store = created.json();
    expect(store).toMatchObject({ kind: 'dealer', active: true, lat: 18.5204 });
    expect(store.code).toMatch(/^T-/);
    const edited = await t.as('cs', {
      method: 'PUT',
      url: `/api/admin/stores/${store.id}`,
      payload: { city: 'Nashik' },
    });
    expect(edited.json()).toMatchObject({ city: 'Nashik', name: store.name });
    const archived = await t.as('cs', { method: 'POST', url: `/api/admin/stores/${store.id}/archive` });
    expect(archived.json().active).toBe(false);
    const restored = await t.as('cs', { method: 'POST', url: `/api/admin/stores/${store.id}/restore` });
    expect(restored.json().active).toBe(true);
    const actions = await sql(
      "select action from audit_log where entity = 'store' and entity_id = $1 order by id",
      [String(store.id)],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'store.created',
      'store.updated',
      'store.archived',
      'store.restored',
    ]);
  });

  it('refuses bad input with 400 naming the field, coordinates outside India included', async () => {
    for (const [field, value, message] of [
      ['lat', 51.5, M.latitude],
      ['lng', 120, M.longitude],
      ['pincode', '01234', M.pincode],
      ['phone', 'call me', M.phone],
      ['kind', 'shop', M.kind],
      ['state', 'Bavaria', M.state],
      ['email', 'nobody', M.email],
    ] as const) {
      const res = await t.as('admin', {
        method: 'POST',
        url: '/api/admin/stores',
        payload: body({ [field]: value }),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], field).toBe(message);
    }
    const edit = await t.as('admin', {
      method: 'PUT',
      url: '/api/admin/stores/1',
      payload: { lat: 'north' },
    });
    expect(edit.statusCode).toBe(400);
    expect(Object.keys(edit.json().fields)).toContain('lat');
    const taken = body();
    await t.as('admin', { method: 'POST', url: '/api/admin/stores', payload: taken });
    const again = await t.as('admin', { method: 'POST', url: '/api/admin/stores', payload: taken });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ code: M.codeTaken });
  });

  it('answers 403 to roles without the Locator page or its action', async () => {
    // finance holds neither the page nor the action; marketing does not hold the Locator.
    expect((await t.as('finance', { url: '/api/admin/stores' })).statusCode).toBe(403);
    expect((await t.as('finance', { url: '/api/admin/stores/map' })).statusCode).toBe(403);
    expect(
      (await t.as('finance', { method: 'POST', url: '/api/admin/stores', payload: body() })).statusCode,
    ).toBe(403);
    const upload = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/stores/upload',
      ...multipartBody('s.xlsx', await sheet([], STORE_UPLOAD_COLUMNS)),
    });
    expect(upload.statusCode).toBe(403);
  });

  it('lists with filters and shows the filtered stores on the map', async () => {
    const code = `MAP-${Date.now() % 1e6}`;
    await t.as('admin', {
      method: 'POST',
      url: '/api/admin/stores',
      payload: body({
        code,
        kind: 'experience_centre',
        state: 'Kerala',
        city: 'Kochi',
        lat: 9.93,
        lng: 76.27,
      }),
    });
    const filter = encodeURIComponent(
      JSON.stringify({ kind: 'experience_centre', state: 'Kerala', q: code }),
    );
    const list = await t.as('cs', { url: `/api/admin/stores?filter=${filter}` });
    expect(list.json().rows.map((r: { code: string }) => r.code)).toEqual([code]);
    const map = await t.as('cs', { url: `/api/admin/stores/map?filter=${filter}` });
    expect(map.json()).toMatchObject({ truncated: false, points: [{ code, lat: 9.93, lng: 76.27 }] });
    const bad = await t.as('cs', {
      url: `/api/admin/stores/map?filter=${encodeURIComponent('{"kind":"shop"}')}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['filter.kind']);
  });
});

describe('store upload', () => {
  const upload = async (rows: (string | number)[][], query = '') =>
    t.as('admin', {
      method: 'POST',
      url: `/api/admin/stores/upload${query}`,
      ...multipartBody('stores.xlsx', await sheet(rows, STORE_UPLOAD_COLUMNS)),
    });
  const row = (
    code: string,
    extra: Partial<Record<(typeof STORE_UPLOAD_COLUMNS)[number], string | number>> = {},
  ) => {
    const values: Record<string, string | number> = {
      Code: code,
      Name: 'Uploaded Store',
      Kind: 'Experience Centre',
      'Contact person': 'Asha Rao',
      Phone: '080-2345 6789',
      Email: '',
      Address: '12 Residency Road',
      City: 'Bengaluru',
      State: 'karnataka',
      'PIN code': '560025',
      Latitude: 12.9716,
      Longitude: 77.5946,
      'Opening hours': '10–7',
      Active: '',
      ...extra,
    };
    return STORE_UPLOAD_COLUMNS.map((c) => values[c]!);
  };

  it('offers the template with the upload columns', async () => {
    const res = await t.as('cs', { url: '/api/admin/stores/template' });
    expect(res.statusCode).toBe(200);
    expect((await readSheet(res.rawPayload))[0]).toEqual([...STORE_UPLOAD_COLUMNS]);
  });

  it('reports row errors with row numbers, applies nothing, then applies the valid rows when asked', async () => {
    const tag = Date.now() % 1e6;
    const rows = [
      row(`UP-${tag}-A`),
      row(`UP-${tag}-B`, { Latitude: 51.5, Longitude: -0.12 }),
      row(`UP-${tag}-C`, { Kind: 'kiosk', 'PIN code': '12' }),
      row(`UP-${tag}-D`, { Active: 'maybe' }),
      row(`UP-${tag}-A`, { Name: 'Twice' }),
      row(`UP-${tag}-E`, { Kind: 'branch', Active: 'No' }),
    ];
    const first = await upload(rows);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json();
    expect(result).toMatchObject({ status: 'has_errors', rowsTotal: 6, rowsValid: 1, rowsApplied: 0 });
    expect(result.errors).toEqual([
      { row: 2, column: 'Code', message: M.repeated(6) },
      { row: 3, column: 'Latitude', message: M.latitude },
      { row: 3, column: 'Longitude', message: M.longitude },
      { row: 4, column: 'Kind', message: M.kind },
      { row: 4, column: 'PIN code', message: M.pincode },
      { row: 5, column: 'Active', message: M.active },
      { row: 6, column: 'Code', message: M.repeated(2) },
    ]);
    expect(await sql('select count(*)::int as n from stores where code like $1', [`UP-${tag}-%`])).toEqual([
      { n: 0 },
    ]);

    const report = await t.as('admin', { url: `/api/admin/stores/upload/errors/${result.errorReportId}` });
    expect(report.statusCode).toBe(200);
    const reportRows = await readSheet(report.rawPayload);
    expect(reportRows.map((r) => r[0])).toEqual(['Row', 2, 3, 4, 5, 6]);
    // Another staff member cannot read my report.
    expect(
      (await t.as('cs', { url: `/api/admin/stores/upload/errors/${result.errorReportId}` })).statusCode,
    ).toBe(404);

    const applied = (await upload(rows, '?applyValid=true')).json();
    expect(applied).toMatchObject({ status: 'partially_applied', rowsApplied: 1, created: 1, updated: 0 });
    const [store] = await sql('select kind, state, active, lat from stores where code = $1', [`UP-${tag}-E`]);
    expect(store).toEqual({ kind: 'branch', state: 'Karnataka', active: false, lat: 12.9716 });
  });

  it('updates the store of a known code and leaves an unchanged one alone', async () => {
    const code = `UPD-${Date.now() % 1e6}`;
    expect((await upload([row(code)])).json()).toMatchObject({ status: 'applied', created: 1 });
    const again = (await upload([row(code, { City: 'Mysuru' })])).json();
    expect(again).toMatchObject({ status: 'applied', created: 0, updated: 1 });
    expect((await upload([row(code, { City: 'Mysuru' })])).json()).toMatchObject({ created: 0, updated: 0 });
    const [store] = await sql('select id, city from stores where code = $1', [code]);
    expect(store?.city).toBe('Mysuru');
    const actions = await sql(
      "select action from audit_log where entity = 'store' and entity_id = $1 order by id",
      [String(store?.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['store.created', 'store.updated']);
  });
});

/** Great-circle distance by the haversine formula, in plain JavaScript. */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('nearest stores (member API)', () => {
  let token: string;
  beforeAll(async () => {
    const memberId = await insertTestMember(t.database.db);
    token = await createMemberSession(t.database.db, memberId);
    // 10,000 random stores across India's box, one in ten inactive.
    const next = random(20261123);
    const values = Array.from({ length: 10_000 }, (_, i) => ({
      code: `RND-${i}`,
      name: `Random ${i}`,
      kind: (['dealer', 'distributor', 'experience_centre', 'branch'] as const)[i % 4]!,
      contactPerson: 'Test',
      phone: '9876543210',
      address: 'Somewhere',
      city: 'Somewhere',
      state: 'Maharashtra',
      pincode: '411001',
      lat: 6 + next() * 31.5,
      lng: 68 + next() * 29.5,
      active: i % 10 !== 0,
    }));
    for (let i = 0; i < values.length; i += 1000)
      await t.database.db.insert(stores).values(values.slice(i, i + 1000));
  }, 120_000);

  const nearest = (query: string) =>
    asMember(t, token, { method: 'GET', url: `/api/app/stores/nearest?${query}` });

  it('answers the same stores, order and distances as a brute-force computation', async () => {
    const all = (await sql('select id, lat, lng from stores where active')) as {
      id: number;
      lat: number;
      lng: number;
    }[];
    expect(all.length).toBeGreaterThan(9000);
    const next = random(7);
    const points: [number, number][] = [
      [18.5204, 73.8567],
      [28.6139, 77.209],
      [8.0883, 77.5385], // the southern tip: stores on one side only
      [51.5074, -0.1278], // London: the box widens to the whole Earth
      [-33.86, 151.2],
      [89.9, 10], // near the pole: every longitude
      [20, 179.9], // across the antimeridian
      [37.49, 97.49], // a corner of India's box
      ...Array.from({ length: 25 }, (): [number, number] => [6 + next() * 31.5, 68 + next() * 29.5]),
    ];
    for (const [lat, lng] of points) {
      for (const limit of [1, 10, 50]) {
        const res = await nearest(`lat=${lat}&lng=${lng}&limit=${limit}`);
        expect(res.statusCode, res.body).toBe(200);
        const got = res.json().stores as { id: number; distanceKm: number }[];
        const expected = all
          .map((s) => ({ id: s.id, d: haversineKm(lat, lng, s.lat, s.lng) }))
          .sort((a, b) => a.d - b.d || a.id - b.id)
          .slice(0, limit);
        expect(got.map((s) => s.id)).toEqual(expected.map((s) => s.id));
        for (const [i, s] of got.entries()) expect(s.distanceKm).toBeCloseTo(expected[i]!.d, 2);
      }
    }
  });

  it('never answers an inactive store, and defaults to 10', async () => {
    const res = await nearest('lat=20&lng=78');
    const got = res.json().stores as { id: number }[];
    expect(got).toHaveLength(10);
    // The member's view of a store: no bookkeeping (active, createdAt, updatedAt), plus the distance.
    expect(Object.keys(got[0]!).sort()).toEqual(
      [
        'id',
        'code',
        'name',
        'kind',
        'contactPerson',
        'phone',
        'email',
        'address',
        'city',
        'state',
        'pincode',
        'lat',
        'lng',
        'openingHours',
        'distanceKm',
      ].sort(),
    );
    const inactive = new Set((await sql('select id from stores where not active')).map((r) => Number(r.id)));
    expect(got.some((s) => inactive.has(s.id))).toBe(false);
  });

  it('refuses a bad point or limit with 400 naming the field, and anyone but a member with 401', async () => {
    for (const [query, field] of [
      ['lng=78', 'lat'],
      ['lat=91&lng=78', 'lat'],
      ['lat=abc&lng=78', 'lat'],
      ['lat=20&lng=180.5', 'lng'],
      ['lat=20&lng=1e2', 'lng'],
      ['lat=20&lng=78&limit=0', 'limit'],
      ['lat=20&lng=78&limit=51', 'limit'],
      ['lat=20&lng=78&limit=2.5', 'limit'],
    ]) {
      const res = await nearest(query!);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toEqual([field]);
    }
    expect((await t.app.inject({ url: '/api/app/stores/nearest?lat=20&lng=78' })).statusCode).toBe(401);
    expect((await t.as('admin', { url: '/api/app/stores/nearest?lat=20&lng=78' })).statusCode).toBe(401);
  });
});
